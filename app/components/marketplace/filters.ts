import { LISTING_CONDITIONS } from "~/modules/listings/constants";
import { PRODUCT_CATEGORIES } from "~/modules/products/constants";
import { findTown } from "~/modules/listings/towns";
import { readAddressSearch } from "~/lib/storable-text";
import { LISTING_OFFSET_MAX } from "~/modules/listings/constants";

// The marketplace's filter state (search, categories, conditions, price range,
// place and radius, sort, view, page) lives in the URL, so a
// filtered page can be shared and reloaded. These helpers read and write it.

export const PRICE_SLIDER = { min: 0, max: 1_000_000, step: 10_000 } as const;
export const RADIUS_SLIDER = { min: 5, max: 200, step: 5, default: 50 } as const;
export const MARKETPLACE_PAGE_SIZE = 50;
/** The last page the listing query can reach (its offset is bounded); a larger page in the address reads as this one. */
export const MARKETPLACE_LAST_PAGE = Math.floor(LISTING_OFFSET_MAX / MARKETPLACE_PAGE_SIZE) + 1;

export type Condition = (typeof LISTING_CONDITIONS)[number];
export type SortBy = "newest" | "price_low" | "price_high" | "distance";

export interface MarketplaceFilters {
  search: string;
  categories: string[];
  condition: Condition[];
  priceRange: [number, number];
  /** `place`: the town typed in Near Me ('Ibadan'), or null for the device's position. */
  location: {
    enabled: boolean;
    latitude: number | null;
    longitude: number | null;
    radiusKm: number;
    place: string | null;
  };
  sortBy: SortBy;
  viewMode: "grid" | "list";
  page: number;
}

export const DEFAULT_FILTERS: MarketplaceFilters = {
  search: "",
  categories: [],
  condition: [],
  priceRange: [PRICE_SLIDER.min, PRICE_SLIDER.max],
  location: { enabled: false, latitude: null, longitude: null, radiusKm: RADIUS_SLIDER.default, place: null },
  sortBy: "newest",
  viewMode: "grid",
  page: 1,
};

const list = (value: string | null) =>
  value
    ? value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    : [];
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** A radius the slider can show: 37 km reads as 35 km. */
const roundToStep = (km: number) =>
  clamp(Math.round(km / RADIUS_SLIDER.step) * RADIUS_SLIDER.step, RADIUS_SLIDER.min, RADIUS_SLIDER.max);
function number(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Reads the filters from a URL's search params; anything invalid falls back to its default. */
export function readFilters(params: URLSearchParams): MarketplaceFilters {
  const categories = list(params.get("categories")).filter((category) =>
    (PRODUCT_CATEGORIES as readonly string[]).includes(category),
  );
  const condition = list(params.get("condition")).filter((value): value is Condition =>
    (LISTING_CONDITIONS as readonly string[]).includes(value),
  );
  const min = clamp(number(params.get("price_min")) ?? PRICE_SLIDER.min, PRICE_SLIDER.min, PRICE_SLIDER.max);
  const max = clamp(number(params.get("price_max")) ?? PRICE_SLIDER.max, min, PRICE_SLIDER.max);
  const latitude = number(params.get("lat"));
  const longitude = number(params.get("lng"));
  const located = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const enabled = params.get("near") === "1" && located;
  const sort = params.get("sort");
  const sortBy: SortBy =
    sort === "price_low" || sort === "price_high" || (sort === "distance" && enabled) ? sort : "newest";
  return {
    search: readAddressSearch(params.get("search"), 100),
    categories,
    condition,
    priceRange: [min, max],
    location: {
      enabled,
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
      radiusKm: roundToStep(
        clamp(number(params.get("radius_km")) ?? RADIUS_SLIDER.default, RADIUS_SLIDER.min, RADIUS_SLIDER.max),
      ),
      // Only a town of the bundled list is named; anything else reads as the device's position.
      place: located ? (findTown(params.get("place") ?? "")?.name ?? null) : null,
    },
    sortBy,
    viewMode: params.get("view") === "list" ? "list" : "grid",
    page: clamp(Math.floor(number(params.get("page")) ?? 1), 1, MARKETPLACE_LAST_PAGE),
  };
}

/** Writes the filters to search params, leaving defaults out so addresses stay short. */
export function writeFilters(filters: MarketplaceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search.trim());
  if (filters.categories.length) params.set("categories", filters.categories.join(","));
  if (filters.condition.length) params.set("condition", filters.condition.join(","));
  if (filters.priceRange[0] > PRICE_SLIDER.min) params.set("price_min", String(filters.priceRange[0]));
  if (filters.priceRange[1] < PRICE_SLIDER.max) params.set("price_max", String(filters.priceRange[1]));
  if (filters.location.latitude !== null && filters.location.longitude !== null) {
    params.set("lat", filters.location.latitude.toFixed(4));
    params.set("lng", filters.location.longitude.toFixed(4));
    if (filters.location.enabled) params.set("near", "1");
    if (filters.location.radiusKm !== RADIUS_SLIDER.default) params.set("radius_km", String(filters.location.radiusKm));
    if (filters.location.place) params.set("place", filters.location.place);
  }
  if (filters.sortBy !== "newest" && (filters.sortBy !== "distance" || filters.location.enabled))
    params.set("sort", filters.sortBy);
  if (filters.viewMode === "list") params.set("view", "list");
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** The listing query the loader runs for these filters. */
export function toListingQuery(filters: MarketplaceFilters) {
  const near = filters.location.enabled && filters.location.latitude !== null && filters.location.longitude !== null;
  return {
    search: filters.search || undefined,
    categories: filters.categories.length ? filters.categories.join(",") : undefined,
    condition: filters.condition.length ? filters.condition.join(",") : undefined,
    price_min: filters.priceRange[0] > PRICE_SLIDER.min ? String(filters.priceRange[0]) : undefined,
    price_max: filters.priceRange[1] < PRICE_SLIDER.max ? String(filters.priceRange[1]) : undefined,
    lat: near ? String(filters.location.latitude) : undefined,
    lng: near ? String(filters.location.longitude) : undefined,
    radius_km: near ? String(filters.location.radiusKm) : undefined,
    sort: filters.sortBy,
    limit: String(MARKETPLACE_PAGE_SIZE),
    offset: String((filters.page - 1) * MARKETPLACE_PAGE_SIZE),
  };
}
