import type { SearchHit } from "./backend";
import { searchBackend } from "./indexing.server";
import type { SearchParams } from "./schemas";

// A search as the API and the /search page ask it: the query and filters of the address, the
// reader's own farms and paused listings, and each result as the specification's search
// result (id, title, snippet, geoGeohash) plus what a page shows with it.

/** Radius used when a point is given without one (the search page's default). */
export const DEFAULT_RADIUS_KM = 10;

function result(hit: SearchHit) {
  const { document } = hit;
  return {
    id: document.entityId,
    type: document.type,
    title: document.title,
    snippet: document.snippet,
    geoGeohash: document.geoGeohash,
    priceNgn: document.priceNgn,
    unit: document.unit,
    status: document.status,
    locality: document.locality,
    image: document.image,
    distanceKm: hit.distanceKm,
    matched: hit.matched,
  };
}
export type SearchResult = ReturnType<typeof result>;

export async function runSearch(params: SearchParams, viewerId: string) {
  const near = params.lat !== undefined && params.lng !== undefined ? { lat: params.lat, lng: params.lng, radiusKm: params.radius_km ?? DEFAULT_RADIUS_KM } : null;
  const query = params.q ?? "";
  const answer = await searchBackend().search({ text: query, types: params.types ?? [], viewerId, near, limit: params.limit });
  return {
    total: answer.total,
    query,
    products: answer.hits.product.map(result),
    listings: answer.hits.listing.map(result),
    farms: answer.hits.farm.map(result),
  };
}
