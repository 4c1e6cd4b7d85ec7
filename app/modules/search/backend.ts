import type { Prisma } from "~/generated/prisma/client";
import type { SearchDocument, SearchEntity } from "../../../search/documents";
import { MAX_TOTAL_HITS } from "../../../search/settings";

// The one interface the app searches through. Two backends implement it:
// PostgreSQL (the embedded default) and Meilisearch (when MEILI_HOST is set).
// Both are fed the same documents (search/documents.ts) by the indexing worker,
// and both apply the same visibility rule: a public document to everyone, an
// owner-only one to its owner alone.

export interface SearchQuery {
  /** Trimmed; may be empty when types or a place narrow the search instead. */
  text: string;
  /** Kinds to search; all three when empty. */
  types: readonly SearchEntity[];
  /**
   * Who is searching: owner-only documents (farms, paused listings) are theirs alone. Null: nobody,
   * so public documents only (an answer readers share).
   */
  viewerId: string | null;
  /** Only documents within `radiusKm` of the point (documents without a place are left out). */
  near?: { lat: number; lng: number; radiusKm: number } | null;
  /** Only products and listings in one of these categories. */
  categories?: readonly string[];
  /** Only the viewer's own documents (My Listings). */
  ownOnly?: boolean;
  /** Per kind. */
  limit: number;
  offset?: number;
}

export interface SearchHit {
  document: SearchDocument;
  /** Kilometres from `near`, when a point was given and the document has a place. */
  distanceKm: number | null;
  /** The words of the document's title the query matched (for highlighting), lower-case. */
  matched: string[];
}

export interface SearchAnswer {
  /** All hits across the kinds searched (each kind is capped at `limit`). */
  total: number;
  totals: Record<SearchEntity, number>;
  hits: Record<SearchEntity, SearchHit[]>;
}

/** One kind's matches as entity ids, for pages that filter and sort them further (marketplace, My Listings). */
export interface MatchQuery extends Omit<SearchQuery, "types" | "offset"> {
  type: SearchEntity;
  /** Only this owner's documents (one seller's listings), as far as the viewer may see them. */
  ownerId?: string;
}

/**
 * At most this many matches of one kind reach a page that filters and sorts them further: the
 * best by relevance, or the nearest when a place is given.
 */
export const MATCH_LIMIT = MAX_TOTAL_HITS;

/** A backend's words as SQL: a condition on the listing `l`, and a SELECT of the matching listings' `id`s. */
export interface ListingWords {
  where: Prisma.Sql;
  ids: Prisma.Sql;
}

/** Below this many exact matches (all kinds together, on /search), a search also looks for typos. */
export const EXACT_TOO_FEW = 3;

/**
 * Why an index must be filled from the tables before it can be trusted: just made, found empty,
 * or made with other settings than this version's (documents indexed under the old ones).
 */
export type RebuildReason = "new" | "empty" | "settings";

/** One document as the index holds it, enough to tell whether its record still exists. */
export interface IndexedEntry {
  id: string;
  type: SearchEntity;
  entityId: string;
}

export interface BulkWriter {
  add(documents: readonly SearchDocument[]): Promise<void>;
  done(): Promise<void>;
}

export interface SearchBackend {
  readonly name: "postgres" | "meilisearch";
  /**
   * Creates indexes and applies settings and synonyms; safe to run at every start. Says whether
   * the index needs filling from the tables (null: it is as this version left it).
   */
  prepare(): Promise<{ rebuild: RebuildReason | null }>;
  /** Every document the index holds, a page at a time (for pruning those whose record is gone). */
  entries?(pageSize: number): AsyncIterable<IndexedEntry[]>;
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  /**
   * For filling the index from the tables: documents added in batches that need not each be
   * waited for; `done` resolves once all are in (or throws what one of them could not do).
   * Without it, each batch is an upsert.
   */
  bulkWriter?(): BulkWriter;
  remove(ids: readonly string[]): Promise<void>;
  /** Removes every document (before a full reindex). */
  clear(): Promise<void>;
  search(query: SearchQuery): Promise<SearchAnswer>;
  /** The entity ids of one kind's matches, best first (nearest first when a place is given), at most `limit`. */
  matchingIds(query: MatchQuery): Promise<string[]>;
  /**
   * A backend that lives in the database may instead hand over the words' exact matches as a
   * condition on the listing `l` (every match, not the best MATCH_LIMIT), for the listing query
   * to filter, sort and count with its own indexes; null when the words leave nothing to look for.
   */
  listingCondition?(text: string): ListingWords | null;
}
