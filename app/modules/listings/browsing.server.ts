import { isRecordId } from "~/lib/text";
import { EXACT_TOO_FEW, MATCH_LIMIT, type ListingWords } from "~/modules/search/backend";
import { cachedAnswer } from "~/modules/search/answer-cache.server";
import { searchBackend } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { browseStatements, cappedTotal, nearPoint } from "./browse-sql.server";
import { LISTING_LIMIT_MAX } from "./constants";
import { onSaleSql } from "./on-sale.server";
import { listingAsSeenBy, type BrowsedListing } from "./listings.server";
import { listingQuerySchema, type ListingQuery } from "./schemas";

// Reading listings as lists: the marketplace, My Listings, a seller's page, a search result, the
// listings of a cart or a saved list. One statement (browse-sql.server.ts) filters, sorts and
// counts them, with the marketplace's visibility rules; each answer is as its reader is shown it.

/**
 * The listings a buyer browses (the marketplace) or a seller manages (My Listings, `seller_id`
 * their own), filtered, sorted and counted by one statement (browse-sql.server.ts). Words go
 * through the search engine, so typos and local names work as on /search: on PostgreSQL every
 * exact match is a condition of that statement; with too few (or on Meilisearch), the engine's
 * best matches (at most MATCH_LIMIT, with typos) are what the statement filters and sorts.
 * 'N found' is exact up to COUNT_CAP past the page; above that the answer says `totalCapped`.
 */
export async function listListings(query: ListingQuery, viewerId: string) {
  const text = query.search;
  // Words are a search: a hot one ('maize' at market time) is answered from memory until the
  // index changes, as /api/search is (answer-cache.server.ts).
  const own = query.seller_id !== undefined && query.seller_id === viewerId;
  const answer = text
    ? await cachedAnswer("listings", query, viewerId, own, (asViewer) => searchListings(query, text, asViewer, own))
    : await browse(query, viewerId, null);
  return { ...answer, listings: answer.listings.map((listing) => listingAsSeenBy(listing, viewerId)) };
}

/**
 * One listing as the marketplace shows it to `viewerId` (the list's own visibility rules:
 * no one else's paused, hidden or suspended listing), or null: what a search result opens
 * (/marketplace?listing={id}).
 */
export async function marketplaceListing(id: string, viewerId: string) {
  if (!isRecordId(id)) return null;
  const { listings } = await browse(listingQuerySchema.parse({}), viewerId, [id]);
  const listing = listings[0];
  return listing ? listingAsSeenBy(listing, viewerId) : null;
}

/**
 * A seller's listings on sale as anyone but them sees them (their page: `viewerId` is who reads
 * it), newest first, by the marketplace's own statement and visibility rules, with the count.
 */
export async function sellerListingsOnSale(
  sellerId: string,
  viewerId: string,
  page: { limit: number; offset: number },
) {
  const query = listingQuerySchema.parse({ seller_id: sellerId, status: "active", sort: "newest", ...page });
  const answer = await browse(query, null, null);
  return { ...answer, listings: answer.listings.map((listing) => listingAsSeenBy(listing, viewerId)) };
}

/**
 * Of these listings, the ones the marketplace shows anyone (active or sold, by its visibility
 * rules), as its list answers them to `viewerId`; in no particular order.
 */
export async function publicListingsAmong(ids: readonly string[], viewerId: string) {
  const found: BrowsedListing[] = [];
  const wanted = ids.filter(isRecordId);
  for (let start = 0; start < wanted.length; start += LISTING_LIMIT_MAX) {
    const chunk = wanted.slice(start, start + LISTING_LIMIT_MAX);
    const { listings } = await browse(listingQuerySchema.parse({ limit: chunk.length }), null, chunk);
    found.push(...listings.map((listing) => listingAsSeenBy(listing, viewerId)));
  }
  return found;
}

/** `viewerId` null: as nobody sees it (an answer readers share, answer-cache.server.ts). */
async function searchListings(query: ListingQuery, text: string, viewerId: string | null, own: boolean) {
  const backend = searchBackend();
  // A backend in the database hands over every exact match as SQL; only when that finds too
  // little do the engine's matches (with typos) take over.
  const words = backend.listingCondition?.(text) ?? null;
  if (words) {
    const exact = await browse(query, viewerId, words);
    if (exact.total >= EXACT_TOO_FEW) return exact;
  }
  const ids = await backend.matchingIds({
    type: "listing",
    text,
    viewerId,
    ownOnly: own,
    ownerId: query.seller_id ?? undefined,
    categories: query.categories ? [...query.categories].sort() : undefined,
    near: nearPoint(query),
    limit: MATCH_LIMIT,
  });
  if (ids.length === 0) return { listings: [], total: 0, totalCapped: false };
  return browse(query, viewerId, ids);
}

/** One round trip: the page, as the API's JSON, and its capped count (browse-sql.server.ts). */
async function browse(query: ListingQuery, viewerId: string | null, matched: string[] | ListingWords | null) {
  const statements = browseStatements(query, viewerId, matched);
  const [row] = await prisma.$queryRaw<{ counted: number; listings: BrowsedListing[] }[]>(statements.statement);
  return { listings: row?.listings ?? [], ...cappedTotal(row?.counted ?? 0, statements.countUpTo) };
}

/**
 * Of these listings, the ones on sale (on-sale.server.ts): what a cart may hold and an order ask
 * for. A listing buyers see may not be (sold, or its seller suspended).
 */
export async function listingsOnSale(ids: readonly string[]): Promise<Set<string>> {
  const wanted = ids.filter(isRecordId);
  if (wanted.length === 0) return new Set();
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT l.id FROM "Listing" l JOIN "User" se ON se.id = l."sellerId"
    WHERE l.id = ANY(${wanted}::text[]) AND ${onSaleSql("l", "se")}`;
  return new Set(rows.map((row) => row.id));
}
