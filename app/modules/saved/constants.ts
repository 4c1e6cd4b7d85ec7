import type { Limit } from "~/server/rate-limit.server";

// Saved listings' limits, shared with the browser (the heart says how many may be saved).

/** How many listings one account may keep saved: plenty for shopping, not a copy of the marketplace. */
export const SAVED_LISTINGS_MAX = 500;

/** Hearts one account may tap (save or remove) in a minute: a person taps a few; a script does not get far. */
export const SAVED_WRITE_LIMIT: Limit = { name: "saved-write", max: 120, windowSeconds: 60 };
