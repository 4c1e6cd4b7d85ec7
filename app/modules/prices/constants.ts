import type { Limit } from "~/server/rate-limit.server";

// Market prices' limits and thresholds, shared with the browser.

/** How many product-and-town alerts one account may follow: a trader's markets, not the whole country. */
export const PRICE_ALERTS_MAX = 20;

/** Alert changes (follow, change the target, stop) one account may make in a minute. */
export const PRICE_ALERT_WRITE_LIMIT: Limit = { name: "price-alert-write", max: 30, windowSeconds: 60 };

/** A followed median that moves by more than this share week on week is told of. */
export const PRICE_MOVE_SHARE = 0.1;

/** An alert tells its follower at most once in this long (and an SMS goes at most once in it per person). */
export const PRICE_ALERT_QUIET_MS = 24 * 60 * 60 * 1000;

/** How many days of prices the usual range beside a listing's price is read from. */
export const USUAL_RANGE_DAYS = 30;

/** The weeks /prices shows for a town. */
export const PRICE_PAGE_WEEKS = 12;
