import type { LngLat } from "~/lib/geo";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import { readBoundaryFile, type BoundaryFileFormat, type ImportedShape } from "~/modules/farms/boundary-file.server";
import { checkPolygonFeature, featureRing, polygonFeature, shareInside } from "~/modules/farms/polygon";

// Bringing a boundary file into a farm: which of the file's shapes become what. Each shape
// passes the checks a drawn one does (no crossing edges, within the area limit, inside the farm
// for a plot); a ring with more corners than a shape may have (a GPS device's trace) is
// simplified to fit first. All of it works on the person's file, so it runs in a worker thread
// (app/threads/boundary-file.ts, started by import.server.ts): nothing here reads the
// configuration or the database, and names the file did not give are made after (import.server.ts).

export type ImportRole = "boundary" | "plot" | "refused";

/**
 * A shape of the file as planned in the thread: its name as the file gave it, or null. Its
 * outline comes back in the two forms its users want, each cheap to take from a thread (a
 * thousand corners as arrays of arrays cost the web process's event loop more to receive and to
 * write out as JSON than the whole reading cost the thread): numbers one after the other, for
 * saving, and the preview's GeoJSON Feature already written as JSON.
 */
export interface CheckedShape {
  /** The shape's place in the file, from 1. */
  index: number;
  name: string | null;
  role: ImportRole;
  /** Why it is refused (a translation key), when it is. */
  problem: string | null;
  areaHectares: number | null;
  /** Corners in the file, when simplification brought them down to what a shape may have. */
  simplifiedFrom: number | null;
  centroid: { latitude: number; longitude: number } | null;
  /** The ring as it would be saved: longitude, latitude, longitude, latitude... */
  coordinates: Float64Array;
  /** The ring as a GeoJSON Feature (named after the file's name, if any), as JSON text. */
  geometryJson: string;
}

/** The ring of a shape's `coordinates`, as [longitude, latitude] pairs. */
export function ringOf({ coordinates }: Pick<CheckedShape, "coordinates">): LngLat[] {
  const ring: LngLat[] = [];
  for (let at = 0; at < coordinates.length; at += 2) ring.push([coordinates[at]!, coordinates[at + 1]!]);
  return ring;
}

export interface PlanOptions {
  /** The file's largest good shape becomes the farm's boundary, the others its plots. */
  useAsBoundary: boolean;
  /** How many plots the farm has now. */
  plotCount: number;
}

export interface CheckOptions extends PlanOptions {
  /** FARM_MAX_AREA_HECTARES (read by the caller: the thread reads no configuration). */
  maxAreaHectares: number;
}

/** What the thread is given: the file's bytes, the farm's boundary as stored, and the options. */
export interface FilePlanInput extends CheckOptions {
  bytes: Uint8Array;
  farmBoundary: unknown;
}

export interface FilePlan {
  format: BoundaryFileFormat;
  /** Points and lines the file held, left out. */
  skipped: number;
  shapes: CheckedShape[];
}

/** Reads the file (refusals as boundary-file.server says) and checks what each shape becomes. */
export function planFile(input: FilePlanInput): FilePlan {
  const file = readBoundaryFile(input.bytes);
  return { format: file.format, skipped: file.skipped, shapes: checkShapes(file.shapes, input.farmBoundary, input) };
}

export function checkShapes(
  shapes: readonly ImportedShape[],
  farmBoundary: unknown,
  options: CheckOptions,
): CheckedShape[] {
  const limits = { maxVertices: MAPPING_LIMITS.maxVertices, maxAreaHectares: options.maxAreaHectares };
  const planned = shapes.map((shape, position) => {
    const fitted = fitCorners(shape.ring, MAPPING_LIMITS.maxVertices);
    const check = checkPolygonFeature(polygonFeature(fitted), limits);
    return {
      index: position + 1,
      name: shape.name?.slice(0, MAPPING_LIMITS.plotNameMaxLength) ?? null,
      role: (check.ok ? "plot" : "refused") as ImportRole,
      problem: check.ok ? null : `mapping.geometry.${check.problem}`,
      areaHectares: check.ok ? check.areaHectares : null,
      simplifiedFrom: fitted === shape.ring ? null : closedCorners(shape.ring),
      centroid: check.ok ? check.centroid : null,
      ring: check.ok ? check.ring : [...fitted],
    };
  });

  let farmRing = featureRing(farmBoundary);
  if (options.useAsBoundary) {
    const largest = planned
      .filter((shape) => shape.role === "plot")
      .reduce<(typeof planned)[number] | null>(
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
  return planned.map(({ ring, ...shape }) => ({
    ...shape,
    coordinates: Float64Array.from(ring.flat()),
    geometryJson: JSON.stringify(polygonFeature(ring, shape.name ? { name: shape.name } : {})),
  }));
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
  // Douglas-Peucker's splits worked out once, not once per tolerance: the same corners at each.
  const standing = standingOf(points);
  for (let tolerance = 0.1; tolerance < 100_000; tolerance *= 2) {
    let kept = 2;
    for (const away of standing) if (away > tolerance) kept += 1;
    if (kept - 1 <= maxCorners) {
      const last = points.length - 1;
      return ring.filter((_, index) => index === 0 || index === last || standing[index]! > tolerance);
    }
  }
  return ring;
}

/**
 * For each point, the largest tolerance at which Douglas-Peucker keeps it (0 for the first and
 * last, always kept). The splits do not depend on the tolerance: a segment is split at its
 * farthest point (the first, if several are as far) when that point is farther than the
 * tolerance, so a point is kept when it and every split above it are farther than the tolerance.
 */
function standingOf(points: readonly (readonly [number, number])[]): Float64Array {
  const standing = new Float64Array(points.length);
  const stack: [number, number, number][] = [[0, points.length - 1, Infinity]];
  while (stack.length > 0) {
    const [first, last, above] = stack.pop()!;
    let farthest = -1;
    let distance = -Infinity;
    for (let index = first + 1; index < last; index += 1) {
      const away = distanceToSegment(points[index]!, points[first]!, points[last]!);
      if (away > distance) {
        distance = away;
        farthest = index;
      }
    }
    if (farthest === -1) continue;
    const kept = Math.min(distance, above);
    standing[farthest] = kept;
    stack.push([first, farthest, kept], [farthest, last, kept]);
  }
  return standing;
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
