import type { Limit } from "~/server/rate-limit.server";

// The cart's limits, shared with the browser.

/** Listings one cart may hold: a big shopping trip, not a copy of the marketplace. */
export const CART_ITEMS_MAX = 100;

/** Cart changes one account may make in a minute: a person taps a few; a script does not get far. */
export const CART_WRITE_LIMIT: Limit = { name: "cart-write", max: 120, windowSeconds: 60 };
