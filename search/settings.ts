// Meilisearch index settings for the one index that holds products, listings
// and farms (search/documents.ts). Applied, with the local-name synonyms, when
// the Meilisearch backend starts (app/modules/search/meilisearch.server.ts).
import type { Settings } from "meilisearch";
import { SEARCH_DOCUMENT_FIELDS } from "./documents";

export const SEARCH_INDEX_UID = "asiiko";

/** The most matches one search counts or hands on (Meilisearch's pagination.maxTotalHits; the PostgreSQL backend keeps the same bound where it hands ids on). */
export const MAX_TOTAL_HITS = 1000;

export const meilisearchSettings = {
  searchableAttributes: ["title", "keywords", "snippet"],
  filterableAttributes: ["type", "visibility", "ownerId", "categories", "status", "_geo"],
  sortableAttributes: ["updatedAt", "_geo"],
  displayedAttributes: [...SEARCH_DOCUMENT_FIELDS],
  // "sort" (distance, when a place is given) right after words and typos: exact matches nearest
  // first, then typo matches nearest first, as the PostgreSQL backend orders them.
  rankingRules: ["words", "typo", "sort", "proximity", "attribute", "exactness", "updatedAt:desc"],
  // Short crop names (okra, soya, kola) still forgive one typo; the PostgreSQL backend uses the same sizes.
  typoTolerance: { minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
  pagination: { maxTotalHits: MAX_TOTAL_HITS },
} satisfies Settings;
