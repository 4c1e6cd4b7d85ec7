import type { Limit } from "~/server/rate-limit.server";

// Listings' fixed lists and limits: conditions and statuses, prices and
// quantities, the listing query's bounds (the marketplace page reads them in the
// browser without loading the schema library), and how many sellers' phones
// one buyer may see.

export const LISTING_CONDITIONS = ["new", "used_like_new", "used_good", "used_fair"] as const;
export const LISTING_STATUSES = ["active", "paused", "sold"] as const;

export const LISTING_LIMITS = {
  priceMinNgn: 1,
  priceMaxNgn: 10_000_000,
  quantityMin: 1,
  quantityMax: 100_000,
  /** Listings on one page of the marketplace and of My Listings. */
  pageSize: 50,
} as const;

export const LISTING_SORTS = ["newest", "price_low", "price_high", "distance"] as const;
export const LISTING_LIMIT_MAX = 100;
export const LISTING_OFFSET_MAX = 100_000;

/** Sellers' phones one buyer may see in an hour: enough to shop, too few to harvest numbers. */
export const CONTACT_REVEAL_LIMIT: Limit = { name: "contact-reveal", max: 30, windowSeconds: 3600 };
