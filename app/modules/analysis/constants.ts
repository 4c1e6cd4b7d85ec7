import type { Limit } from "~/server/rate-limit.server";

// Asiiko AI's limits: the photos it takes and how often a farmer may ask.

/** Smaller than this on its short side, a photo shows too little to analyse. */
export const MIN_IMAGE_SIDE = 64;
/** Unfinished analyses one farmer may have at once (a second phone, a double tap, not a flood). */
export const MAX_OPEN_ANALYSES = 3;

/** A farmer photographs several leaves of a plant; a flood of photos is refused. */
export const ANALYZE_LIMITS = {
  perUser: { name: "analyze-user", max: 30, windowSeconds: 10 * 60 },
  perAddress: { name: "analyze-ip", max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;
