import { sharedDistanceKm, sharedGeohash } from "~/lib/geo";
import { shownPhotos } from "~/modules/storage/image-addresses.server";
import type { SearchEntity } from "../../../search/documents";
import type { SearchHit } from "./backend";
import { cachedAnswer } from "./answer-cache.server";
import { searchBackend } from "./indexing.server";
import { SEARCH_RADIUS_DEFAULT, type SearchParams } from "./schemas";

// What /api/search and the /search page show: the backend's hits as results,
// grouped by kind. A result's id is the entity's own id, so links to the
// listing, product or farm work; title and snippet are the document's own.
// Its place is its owner's to know exactly: anyone else is told it to about a
// kilometre (a geohash of the rounded point, whole kilometres), as listings
// are (listingAsSeenBy). That is decided here, after the answer cache, per reader.

export interface SearchResult {
  id: string;
  type: SearchEntity;
  entityId: string;
  title: string;
  snippet: string;
  geoGeohash: string | null;
  priceNgn: number | null;
  unit: string | null;
  status: string | null;
  locality: string | null;
  image: string | null;
  /** Kilometres from the point searched around (one decimal), or null. */
  distanceKm: number | null;
  /** Lower-case words of the title the query matched, for highlighting. */
  matched: string[];
}

export interface SearchData {
  /** Everything that matched across the kinds searched (each list holds at most `limit`). */
  total: number;
  /** The text searched, trimmed. */
  query: string;
  products: SearchResult[];
  listings: SearchResult[];
  farms: SearchResult[];
}

function toResult({ document, distanceKm, matched }: SearchHit, viewerId: string): SearchResult {
  const own = document.ownerId !== null && document.ownerId === viewerId;
  const place = document._geo;
  const image = document.image === null ? [] : shownPhotos([document.image]);
  return {
    id: document.entityId,
    type: document.type,
    entityId: document.entityId,
    title: document.title,
    snippet: document.snippet,
    geoGeohash: own || !place ? document.geoGeohash : sharedGeohash(place.lat, place.lng),
    priceNgn: document.priceNgn,
    unit: document.unit,
    status: document.status,
    locality: document.locality,
    image: image[0] ?? null,
    distanceKm: distanceKm === null ? null : own ? Math.round(distanceKm * 10) / 10 : sharedDistanceKm(distanceKm),
    matched,
  };
}

/** Whether there is anything to search for (product rule: text, a content type, or a place). */
export function hasSearch(params: Pick<SearchParams, "q" | "types" | "lat">) {
  return params.q !== "" || params.types.length > 0 || params.lat !== undefined;
}

/** Searches as `viewerId` sees things: public documents, and their own farms and paused listings. */
export async function runSearch(params: SearchParams, viewerId: string): Promise<SearchData> {
  // A point without a radius keeps to the page's default radius.
  const near =
    params.lat !== undefined && params.lng !== undefined
      ? { lat: params.lat, lng: params.lng, radiusKm: params.radius_km ?? SEARCH_RADIUS_DEFAULT }
      : null;
  // The schema gives the types in one order, so equal searches share one cached answer.
  const query = { text: params.q, types: params.types, near, limit: params.limit };
  const answer = await cachedAnswer("search", query, viewerId, false, (asViewer) =>
    searchBackend().search({ ...query, viewerId: asViewer }),
  );
  const products = answer.hits.product.map((hit) => toResult(hit, viewerId));
  const listings = answer.hits.listing.map((hit) => toResult(hit, viewerId));
  const farms = answer.hits.farm.map((hit) => toResult(hit, viewerId));
  return { total: answer.total, query: params.q, products, listings, farms };
}
