// The fixed lists (12 product categories, 12 units, listing conditions and
// statuses) and the limits of forms, uploads and page sizes. Pages, forms, the
// API and the seed all read them from here.

export const PRODUCT_CATEGORIES = [
  "Grains & Cereals",
  "Fruits & Vegetables",
  "Livestock & Poultry",
  "Farm Equipment",
  "Seeds & Fertilizers",
  "Traditional Medicine",
  "Processed Foods",
  "Farm Services",
  "Dairy Products",
  "Spices & Herbs",
  "Root Vegetables",
  "Legumes & Pulses",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** The marketplace quick buttons and filters use the first eight. */
export const MARKETPLACE_CATEGORIES = PRODUCT_CATEGORIES.slice(0, 8);

export const PRODUCT_UNITS = [
  "kg",
  "g",
  "tonnes",
  "bags",
  "pieces",
  "liters",
  "ml",
  "bundles",
  "crates",
  "baskets",
  "head",
  "dozens",
] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

export const LISTING_CONDITIONS = ["new", "used_like_new", "used_good", "used_fair"] as const;
export const LISTING_STATUSES = ["active", "paused", "sold"] as const;

export const LIMITS = {
  listingPriceMinNgn: 1,
  listingPriceMaxNgn: 10_000_000,
  listingQuantityMin: 1,
  listingQuantityMax: 100_000,
  farmNameMaxLength: 99,
  uploadMaxBytes: 10 * 1024 * 1024,
  passwordMinLength: 8,
  usernameMinLength: 3,
  usernameMaxLength: 50,
  listingsPageSize: 50,
  productsPageSize: 100,
  searchPageSize: 50,
} as const;

/** The translation key of a category: "Grains & Cereals" -> "categories.grains_cereals". */
export function categoryKey(category: string) {
  return `categories.${category
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z]+/g, "_")
    .replace(/^_|_$/g, "")}`;
}
