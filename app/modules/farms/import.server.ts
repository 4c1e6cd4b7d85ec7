import type { TFunction } from "i18next";
import { getEnv } from "~/env.server";
import type { Farm } from "~/generated/prisma/client";
import type { LngLat } from "~/lib/geo";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import { readBoundaryFile, type BoundaryFileFormat, type ImportedShape } from "~/modules/farms/boundary-file.server";
import { checkPolygonFeature, featureRing, polygonFeature, shareInside } from "~/modules/farms/polygon";
import type { PolygonFeature } from "~/modules/farms/types";

// Bringing a boundary file into a farm: which of the file's shapes become what.
// Each shape passes the checks a drawn one does (no crossing edges, within the
// area limit, inside the farm for a plot); a ring with more corners than a shape
// may have (a GPS device's trace) is simplified to fit first. The plan is the
// preview the farmer sees and, unchanged, what saving writes: the farms module
// saves it, worked out again from the same file.

export type ImportRole = "boundary" | "plot" | "refused";

export interface PlannedShape {
  /** The shape's place in the file, from 1. */
  index: number;
  /** The name it will have: its placemark's, or one made up when it had none. */
  name: string;
  /** Whether the name came from the file. */
  named: boolean;
  role: ImportRole;
  /** Why it is refused (a translation key), when it is. */
  problem: string | null;
  areaHectares: number | null;
  /** Corners in the file, when simplification brought them down to what a shape may have. */
  simplifiedFrom: number | null;
  geometry: PolygonFeature;
  centroid: { latitude: number; longitude: number } | null;
  ring: LngLat[];
}

export interface ImportPlan {
  format: BoundaryFileFormat;
  /** Points and lines the file held, left out. */
  skipped: number;
  shapes: PlannedShape[];
}

export interface PlanOptions {
  /** The file's largest good shape becomes the farm's boundary, the others its plots. */
  useAsBoundary: boolean;
  /** How many plots the farm has now. */
  plotCount: number;
}

/** Reads the file (refusals as boundary-file.server says) and plans what each shape becomes. */
export function planImport(bytes: Uint8Array, farm: Farm, options: PlanOptions, t: TFunction): ImportPlan {
  const file = readBoundaryFile(bytes);
  return { format: file.format, skipped: file.skipped, shapes: planShapes(file.shapes, farm, options, t) };
}

export function planShapes(
  shapes: readonly ImportedShape[],
  farm: Pick<Farm, "boundary">,
  options: PlanOptions,
  t: TFunction,
): PlannedShape[] {
  const limits = { maxVertices: MAPPING_LIMITS.maxVertices, maxAreaHectares: getEnv().FARM_MAX_AREA_HECTARES };
  let unnamed = 0;
  const planned: PlannedShape[] = shapes.map((shape, position) => {
    const fitted = fitCorners(shape.ring, MAPPING_LIMITS.maxVertices);
    const check = checkPolygonFeature(polygonFeature(fitted), limits);
    const name = shape.name?.slice(0, MAPPING_LIMITS.plotNameMaxLength) ?? null;
    if (!name) unnamed += 1;
    const ring = check.ok ? check.ring : [...fitted];
    return {
      index: position + 1,
      name: name ?? t("mapping.import.unnamed", { number: unnamed }),
      named: name !== null,
      role: check.ok ? "plot" : "refused",
      problem: check.ok ? null : `mapping.geometry.${check.problem}`,
      areaHectares: check.ok ? check.areaHectares : null,
      simplifiedFrom: fitted === shape.ring ? null : closedCorners(shape.ring),
      geometry: polygonFeature(ring, name ? { name } : {}),
      centroid: check.ok ? check.centroid : null,
      ring,
    };
  });

  let farmRing = featureRing(farm.boundary);
  if (options.useAsBoundary) {
    const largest = planned
      .filter((shape) => shape.role === "plot")
      .reduce<PlannedShape | null>(
        (best, shape) => (best && best.areaHectares! >= shape.areaHectares! ? best : shape),
        null,
      );
    if (largest) {
      largest.role = "boundary";
      farmRing = largest.ring;
    }
  }
  let room = Math.max(0, MAPPING_LIMITS.plotsPerFarm - options.plotCount);
  for (const shape of planned) {
    if (shape.role !== "plot") continue;
    if (farmRing && shareInside(shape.ring, farmRing) < MAPPING_LIMITS.plotInsideShare) {
      shape.role = "refused";
      shape.problem = "mapping.geometry.outsideFarm";
    } else if (room === 0) {
      shape.role = "refused";
      shape.problem = "mapping.errors.tooManyPlots";
    } else room -= 1;
  }
  return planned;
}

/** Corners of a closed ring (its closing position is its first). */
const closedCorners = (ring: readonly LngLat[]) => Math.max(0, ring.length - 1);

/**
 * The ring itself when it has at most `maxCorners` corners; else the same outline with fewer,
 * dropping first the corners that move it least (Douglas-Peucker, the tolerance doubled from
 * 10 cm until it fits), in metres on the ground.
 */
export function fitCorners(ring: readonly LngLat[], maxCorners: number): readonly LngLat[] {
  if (closedCorners(ring) <= maxCorners) return ring;
  const latitude = ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length;
  const metresPerDegreeLat = 111_320;
  const metresPerDegreeLng = 111_320 * Math.cos((latitude * Math.PI) / 180);
  const points = ring.map(([lng, lat]) => [lng * metresPerDegreeLng, lat * metresPerDegreeLat] as const);
  for (let tolerance = 0.1; tolerance < 100_000; tolerance *= 2) {
    const kept = douglasPeucker(points, tolerance);
    if (kept.length - 1 <= maxCorners) return kept.map((index) => ring[index]!);
  }
  return ring;
}

/** The indices of the points kept at this tolerance, first and last always. */
function douglasPeucker(points: readonly (readonly [number, number])[], tolerance: number): number[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index += 1) {
      const away = distanceToSegment(points[index]!, points[first]!, points[last]!);
      if (away > distance) {
        distance = away;
        farthest = index;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  const kept: number[] = [];
  keep.forEach((flag, index) => {
    if (flag) kept.push(index);
  });
  return kept;
}

function distanceToSegment(
  [x, y]: readonly [number, number],
  [ax, ay]: readonly [number, number],
  [bx, by]: readonly [number, number],
) {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  // A closed ring's first and last points are the same: the distance is to that point.
  const along = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length));
  return Math.hypot(x - (ax + along * dx), y - (ay + along * dy));
}
