// The catalogue's fixed lists (12 product categories, 12 units) and its page
// size: pages, forms, the API and the seed read them here.

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

/** The marketplace's filter panel offers every category: cards show all twelve as chips, so each can be filtered on. */
export const MARKETPLACE_CATEGORIES = PRODUCT_CATEGORIES;

/** The marketplace's quick category buttons: the first six, then a '+N more' button that opens the filter panel. */
export const QUICK_CATEGORY_COUNT = 6;

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

/** Products on one page of the catalogue (and in the listing form's product choice). */
export const PRODUCTS_PAGE_SIZE = 100;

/** The translation key of a category: "Grains & Cereals" -> "categories.grains_cereals". */
export function categoryKey(category: string) {
  return `categories.${category
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z]+/g, "_")
    .replace(/^_|_$/g, "")}`;
}
