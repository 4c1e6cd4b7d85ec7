// Polygons on the Earth: the checks a farm boundary or a plot must pass, and
// what is measured from it (area, centroid, how much of a plot lies inside its
// farm). Pure functions shared by the server, which is the authority, and the
// map page, which shows the same area live while a shape is drawn.

import { isValidLatitude, isValidLongitude, type LngLat } from "~/lib/geo";

/**
 * The sphere the area is measured on: the WGS84 equatorial radius, as
 * Leaflet.draw's GeometryUtil uses (the mean radius, 6,371,008.8 m, gives areas
 * about 0.2% smaller). Stated once so every area in the product agrees.
 */
export const AREA_EARTH_RADIUS_M = 6_378_137;

const SQUARE_METRES_PER_HECTARE = 10_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Area of a ring of [lng, lat] positions in square metres, on the sphere:
 * |Σ (λ2 − λ1)(2 + sin φ1 + sin φ2)| · R² / 2 over the edges. Exact for edges
 * along parallels and meridians, and within a fraction of a percent at farm scale.
 */
export function ringAreaSquareMetres(ring: readonly LngLat[]): number {
  if (ring.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [lng1, lat1] = ring[i]!;
    const [lng2, lat2] = ring[(i + 1) % ring.length]!;
    sum += toRadians(lng2 - lng1) * (2 + Math.sin(toRadians(lat1)) + Math.sin(toRadians(lat2)));
  }
  return Math.abs((sum * AREA_EARTH_RADIUS_M * AREA_EARTH_RADIUS_M) / 2);
}

export function ringAreaHectares(ring: readonly LngLat[]): number {
  return ringAreaSquareMetres(ring) / SQUARE_METRES_PER_HECTARE;
}

/**
 * The area-weighted centroid of a ring (the centre of mass of the flat shape in
 * longitude and latitude, which at farm scale is where a person would point).
 * Falls back to the mean of the vertices for a shape with no area.
 */
export function ringCentroid(ring: readonly LngLat[]): { latitude: number; longitude: number } {
  const open = openRing(ring);
  if (open.length === 0) return { latitude: 0, longitude: 0 };
  // Relative to the first vertex, so large coordinates lose no precision.
  const [originLng, originLat] = open[0]!;
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < open.length; i += 1) {
    const x1 = open[i]![0] - originLng;
    const y1 = open[i]![1] - originLat;
    const x2 = open[(i + 1) % open.length]![0] - originLng;
    const y2 = open[(i + 1) % open.length]![1] - originLat;
    const cross = x1 * y2 - x2 * y1;
    twiceArea += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (Math.abs(twiceArea) < 1e-18) {
    const mean = open.reduce((acc, [lng, lat]) => [acc[0] + lng / open.length, acc[1] + lat / open.length], [0, 0]);
    return { latitude: mean[1]!, longitude: mean[0]! };
  }
  return { latitude: originLat + cy / (3 * twiceArea), longitude: originLng + cx / (3 * twiceArea) };
}

/** The ring without its closing position (and without repeated neighbours). */
function openRing(ring: readonly LngLat[]): LngLat[] {
  const open = dropRepeatedPositions(ring);
  if (open.length > 1 && samePosition(open[0]!, open.at(-1)!)) open.pop();
  return open;
}

const samePosition = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** Consecutive repeated positions (a double tap on a phone) collapsed into one. */
export function dropRepeatedPositions(ring: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const position of ring) {
    if (out.length === 0 || !samePosition(out.at(-1)!, position)) out.push([position[0], position[1]]);
  }
  return out;
}

/** Whether a point is inside a ring (even-odd rule; points on an edge may go either way). */
export function pointInRing(point: LngLat, ring: readonly LngLat[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Orientation of c relative to the line a→b: positive, negative, or zero when collinear. */
function orientation(a: LngLat, b: LngLat, c: LngLat) {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: LngLat, b: LngLat, p: LngLat) {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments ab and cd share any point (touching counts). */
function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat) {
  const o1 = Math.sign(orientation(a, b, c));
  const o2 = Math.sign(orientation(a, b, d));
  const o3 = Math.sign(orientation(c, d, a));
  const o4 = Math.sign(orientation(c, d, b));
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/**
 * Whether any two edges of a closed ring cross or touch, other than neighbours
 * meeting at their shared vertex. Neighbours that fold back over each other
 * (a spike) count as crossing.
 */
export function ringSelfIntersects(ring: readonly LngLat[]): boolean {
  const open = openRing(ring);
  const n = open.length;
  if (n < 3) return false;
  const edge = (i: number): [LngLat, LngLat] => [open[i]!, open[(i + 1) % n]!];
  for (let i = 0; i < n; i += 1) {
    const [a, b] = edge(i);
    for (let j = i + 1; j < n; j += 1) {
      const [c, d] = edge(j);
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) {
        // They share one vertex; they cross only if one folds back along the other.
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? d : c;
        if (
          orientation(other1, shared, other2) === 0 &&
          (onSegment(shared, other1, other2) || onSegment(shared, other2, other1))
        )
          return true;
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Why a shape cannot be a farm boundary or a plot, as a translation key under `mapping.geometry`. */
export type PolygonProblem =
  | "notFeature"
  | "notPolygon"
  | "holes"
  | "notPositions"
  | "outOfRange"
  | "notClosed"
  | "tooFewPositions"
  | "tooManyVertices"
  | "edgesCross"
  | "noArea"
  | "tooLarge";

export interface PolygonLimits {
  maxVertices: number;
  maxAreaHectares: number;
}

export type PolygonCheck =
  | { ok: true; ring: LngLat[]; areaHectares: number; centroid: { latitude: number; longitude: number } }
  | { ok: false; problem: PolygonProblem };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readPosition(value: unknown): LngLat | null {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return null;
  const [lng, lat] = value as unknown[];
  if (typeof lng !== "number" || typeof lat !== "number") return null;
  return [lng, lat];
}

/**
 * Checks a GeoJSON Feature holding one Polygon (or a bare Polygon geometry):
 * one closed ring of at least 4 positions (3 corners and the closing one), in
 * range, not crossing itself, with some area, under the limits. Repeated
 * neighbouring positions (a double tap) are dropped first.
 */
export function checkPolygonFeature(input: unknown, limits: PolygonLimits): PolygonCheck {
  if (!isRecord(input)) return { ok: false, problem: "notFeature" };
  let geometry: unknown = input;
  if (input.type === "Feature") geometry = input.geometry;
  else if (input.type !== "Polygon") return { ok: false, problem: "notFeature" };
  if (!isRecord(geometry) || geometry.type !== "Polygon" || !Array.isArray(geometry.coordinates))
    return { ok: false, problem: "notPolygon" };
  const rings = geometry.coordinates as unknown[];
  if (rings.length === 0 || !Array.isArray(rings[0])) return { ok: false, problem: "notPositions" };
  if (rings.length > 1) return { ok: false, problem: "holes" };
  const raw = rings[0] as unknown[];
  // Counted before anything else is done with it, so a huge ring costs nothing.
  if (raw.length > limits.maxVertices + 1) return { ok: false, problem: "tooManyVertices" };
  const positions: LngLat[] = [];
  for (const value of raw) {
    const position = readPosition(value);
    if (!position) return { ok: false, problem: "notPositions" };
    if (!isValidLongitude(position[0]) || !isValidLatitude(position[1])) return { ok: false, problem: "outOfRange" };
    positions.push(position);
  }
  if (positions.length < 4) return { ok: false, problem: "tooFewPositions" };
  if (!samePosition(positions[0]!, positions.at(-1)!)) return { ok: false, problem: "notClosed" };
  const ring = dropRepeatedPositions(positions);
  if (ring.length < 4) return { ok: false, problem: "tooFewPositions" };
  if (ring.length > limits.maxVertices + 1) return { ok: false, problem: "tooManyVertices" };
  if (ringSelfIntersects(ring)) return { ok: false, problem: "edgesCross" };
  const areaHectares = ringAreaHectares(ring);
  // Under one square metre is a slip of the finger, not a field.
  if (areaHectares < 0.0001) return { ok: false, problem: "noArea" };
  if (areaHectares > limits.maxAreaHectares) return { ok: false, problem: "tooLarge" };
  return { ok: true, ring, areaHectares, centroid: ringCentroid(ring) };
}

/**
 * The share (0..1) of a plot's area that lies inside its farm's boundary,
 * estimated on a grid of sample points over the plot (about 1,600 inside it),
 * good to a percent or two, whatever the shapes. Each row of the grid is one
 * latitude, so where each ring's edges cross it is worked out once per row
 * (pointInRing's own test, the same numbers) and each sample point only counts
 * the crossings east of it: a few thousand steps for two 1,000-corner rings,
 * where testing each point against every edge took millions.
 */
export function shareInside(plot: readonly LngLat[], farm: readonly LngLat[]): number {
  const lngs = plot.map(([lng]) => lng);
  const lats = plot.map(([, lat]) => lat);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const steps = 60;
  const rows = Array.from({ length: steps }, (_, j) => {
    const lat = minLat + ((j + 0.5) / steps) * (maxLat - minLat);
    return { plot: crossingsAt(plot, lat), farm: crossingsAt(farm, lat) };
  });
  let inPlot = 0;
  let inBoth = 0;
  for (let i = 0; i < steps; i += 1) {
    const lng = minLng + ((i + 0.5) / steps) * (maxLng - minLng);
    for (const row of rows) {
      if (!insideAt(row.plot, lng)) continue;
      inPlot += 1;
      if (insideAt(row.farm, lng)) inBoth += 1;
    }
  }
  if (inPlot === 0) return pointInRing(plot[0]!, farm) ? 1 : 0;
  return inBoth / inPlot;
}

/** Where the ring's edges cross the latitude `y`, as pointInRing works them out, in ascending order. */
function crossingsAt(ring: readonly LngLat[], y: number): Float64Array {
  const crossings: number[] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
  }
  return Float64Array.from(crossings).sort();
}

/** pointInRing for a point of that latitude: inside when an odd number of crossings lie east of it (x < crossing). */
function insideAt(crossings: Float64Array, x: number): boolean {
  // The first crossing east of x (binary search): those from there on count.
  let low = 0;
  let high = crossings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (crossings[middle]! > x) high = middle;
    else low = middle + 1;
  }
  return (crossings.length - low) % 2 === 1;
}

/** A GeoJSON Feature holding one polygon ring. */
export function polygonFeature(
  ring: readonly LngLat[],
  properties: Record<string, string | number | boolean | null> = {},
) {
  return {
    type: "Feature" as const,
    properties,
    geometry: { type: "Polygon" as const, coordinates: [ring.map(([lng, lat]) => [lng, lat])] },
  };
}

/** The first ring of a stored GeoJSON polygon feature, or null when it holds none. */
export function featureRing(feature: unknown): LngLat[] | null {
  if (!isRecord(feature)) return null;
  const geometry = feature.type === "Feature" ? feature.geometry : feature;
  if (!isRecord(geometry) || geometry.type !== "Polygon" || !Array.isArray(geometry.coordinates)) return null;
  const ring = geometry.coordinates[0];
  if (!Array.isArray(ring)) return null;
  const positions = ring.map(readPosition);
  return positions.every((position): position is LngLat => position !== null) ? positions : null;
}
