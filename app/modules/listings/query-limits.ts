// The listing query's bounds, apart from its schema: the marketplace page reads
// them in the browser without loading the schema library.

export const LISTING_SORTS = ["newest", "price_low", "price_high", "distance"] as const;
export const LISTING_LIMIT_MAX = 100;
export const LISTING_OFFSET_MAX = 100_000;
