import { SEARCH_ENTITIES, type SearchEntity } from "../../../search/documents";
import { SEARCH_LIMIT_MAX, SEARCH_RADII, SEARCH_RADIUS_DEFAULT } from "~/modules/search/constants";

// The search page's filters as they stand in its address:
// ?q=maize&types=product,listing&lat=6.5244&lng=3.3792&radius=25
// Anything that does not read as a filter is left out, so a hand-edited or
// old link still shows a page.

export interface SearchFilters {
  q: string;
  types: SearchEntity[];
  /** The point geolocation gave; the location filter is on exactly when there is one. */
  point: { lat: number; lng: number } | null;
  radiusKm: (typeof SEARCH_RADII)[number];
}

export const DEFAULT_SEARCH_FILTERS: SearchFilters = { q: "", types: [], point: null, radiusKm: SEARCH_RADIUS_DEFAULT };

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

export function readSearchFilters(params: URLSearchParams): SearchFilters {
  const types = (params.get("types") ?? "").split(",").map((type) => type.trim());
  const lat = coordinate(params.get("lat"), 90);
  const lng = coordinate(params.get("lng"), 180);
  const radius = Number(params.get("radius"));
  return {
    q: (params.get("q") ?? "").trim(),
    types: SEARCH_ENTITIES.filter((type) => types.includes(type)),
    point: lat !== null && lng !== null ? { lat, lng } : null,
    radiusKm: SEARCH_RADII.find((option) => option === radius) ?? SEARCH_RADIUS_DEFAULT,
  };
}

/** The address of these filters; defaults are left out. */
export function writeSearchFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.types.length > 0)
    params.set("types", SEARCH_ENTITIES.filter((type) => filters.types.includes(type)).join(","));
  if (filters.point) {
    // About 11 m: as near as a search needs, and no more of where the reader stands than that.
    params.set("lat", filters.point.lat.toFixed(4));
    params.set("lng", filters.point.lng.toFixed(4));
  }
  if (filters.radiusKm !== SEARCH_RADIUS_DEFAULT) params.set("radius", String(filters.radiusKm));
  return params;
}

/** What the search module is asked (the API's parameters). */
export function toSearchQuery(filters: SearchFilters) {
  return {
    q: filters.q,
    types: filters.types.join(","),
    ...(filters.point
      ? { lat: String(filters.point.lat), lng: String(filters.point.lng), radius_km: String(filters.radiusKm) }
      : {}),
    limit: String(SEARCH_LIMIT_MAX),
  };
}
