// Meilisearch index settings for the one index that holds products, listings
// and farms (search/documents.ts). Applied when the Meilisearch backend starts.
export const SEARCH_INDEX_UID = "asiiko";

export const meilisearchSettings = {
  searchableAttributes: ["title", "keywords", "snippet"],
  filterableAttributes: ["type", "visibility", "ownerId", "_geo"],
  sortableAttributes: ["updatedAt", "_geo"],
  displayedAttributes: ["id", "type", "entityId", "title", "snippet", "geoGeohash", "_geo", "visibility", "ownerId", "updatedAt"],
  rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness", "updatedAt:desc"],
  typoTolerance: { minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
  pagination: { maxTotalHits: 1000 },
} as const;
