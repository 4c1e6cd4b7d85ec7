import { distanceKm, type LngLat } from "~/lib/geo";
import { MAPPING_LIMITS } from "~/modules/farms/constants";

// Walking a boundary: the phone's GPS positions, as the farmer walks the edge
// of the field, become the corners of the boundary. A position too close to the
// last kept one adds nothing (standing still, GPS jitter); one too inaccurate
// is shown but not kept. Pure, so it is tested without a phone.

export interface WalkPosition {
  latitude: number;
  longitude: number;
  /** Metres, as the Geolocation API reports it. */
  accuracy: number;
}

export interface WalkState {
  /** Kept corners, [lng, lat], in walking order (not closed). */
  corners: LngLat[];
  /** The last position heard, kept or not, for the accuracy shown. */
  last: WalkPosition | null;
}

export const emptyWalk = (): WalkState => ({ corners: [], last: null });

export type WalkStep = "kept" | "tooClose" | "inaccurate" | "full";

export interface WalkLimits {
  maxVertices: number;
  walkMinStepMetres: number;
  walkMaxAccuracyMetres: number;
}

/** The walk with one more position heard, and what became of it. */
export function addWalkPosition(
  walk: WalkState,
  position: WalkPosition,
  limits: WalkLimits = MAPPING_LIMITS,
): { walk: WalkState; step: WalkStep } {
  const heard = { ...walk, last: position };
  if (!Number.isFinite(position.accuracy) || position.accuracy > limits.walkMaxAccuracyMetres)
    return { walk: heard, step: "inaccurate" };
  if (walk.corners.length >= limits.maxVertices) return { walk: heard, step: "full" };
  const previous = walk.corners.at(-1);
  if (previous) {
    const metres = distanceKm({ latitude: previous[1], longitude: previous[0] }, position) * 1000;
    if (metres < limits.walkMinStepMetres) return { walk: heard, step: "tooClose" };
  }
  return {
    walk: { corners: [...walk.corners, [position.longitude, position.latitude]], last: position },
    step: "kept",
  };
}

/** The walked corners as a closed ring, or null while there are fewer than 3. */
export function walkRing(walk: WalkState): LngLat[] | null {
  if (walk.corners.length < 3) return null;
  return [...walk.corners, walk.corners[0]!];
}
