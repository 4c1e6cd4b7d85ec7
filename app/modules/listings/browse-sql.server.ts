import { Prisma } from "~/generated/prisma/client";
import { LISTING_STATUSES } from "~/modules/listings/constants";
import type { ListingWords } from "~/modules/search/backend";
import type { ListingQuery } from "./schemas";

// The SQL of browsing listings (the marketplace, My Listings, the listings API), as pure
// statements so the benchmark can run exactly the same ones straight through `pg`. Every
// filter of the specification is served by an index at 100,000 listings (EXPLAIN is checked
// by browse-sql.integration.test.ts):
// - public listings newest first or by price: partial indexes over active and sold rows;
// - a seller's own: ("sellerId", status, "createdAt");
// - near a point: the GiST index on "earth" (a radius box, and nearest first for distance);
// - words: on PostgreSQL an EXISTS on the full-text document (a count starts from the
//   full-text index); otherwise the engine's matching ids, looked up by primary key.

/** Buyers see active and sold listings; paused ones are hidden except from their seller. */
const PUBLIC_STATUSES = ["active", "sold"] as const;

/**
 * The seller's name as others are shown it, 'Ngozi A.' (~/modules/sellers/public-name.ts says the
 * same in TypeScript): the page's sellers only, each found by its primary key.
 */
const SELLER_PUBLIC_NAME = Prisma.sql`concat_ws(' ', nullif(btrim(se."firstName"), ''), nullif(upper(left(btrim(se."lastName"), 1)) || '.', '.'))`;

/**
 * Whether the viewer is looking at their own listings (My Listings, `seller_id` their own): they
 * see every status, and their listings hidden by a moderator or a suspension, with why.
 */
export function ownView(query: Pick<ListingQuery, "seller_id">, viewerId: string | null) {
  return viewerId !== null && query.seller_id !== undefined && query.seller_id === viewerId;
}

/** Near Me without a radius: the radius the API has always assumed. */
const NEAR_RADIUS_DEFAULT_KM = 50;

/**
 * Counting stops this many listings past the page's start: 'N products found' is exact up to
 * there, and above it the page says 'More than N' rather than count every public listing on
 * every request.
 */
export const COUNT_CAP = 1_000;

type Status = (typeof LISTING_STATUSES)[number];

/**
 * earthdistance measures on a sphere of 6,378,168 m (its earth()); the product states
 * distances on the mean radius (~/lib/geo, 6,371,008.8 m). Both are spheres, so a distance on
 * one is the other's times the ratio of the radii.
 */
const MEAN_TO_EARTHDISTANCE = 6_378_168 / 6_371_008.8;

/** The statuses this viewer sees for this query (all three for a seller's own listings). */
export function visibleStatuses(query: Pick<ListingQuery, "seller_id" | "status">, viewerId: string | null): Status[] {
  const own = ownView(query, viewerId);
  const allowed: readonly Status[] = own ? LISTING_STATUSES : PUBLIC_STATUSES;
  return (query.status ?? allowed).filter((status) => allowed.includes(status));
}

export function nearPoint(query: Pick<ListingQuery, "lat" | "lng" | "radius_km">) {
  if (query.lat === undefined || query.lng === undefined) return null;
  return { lat: query.lat, lng: query.lng, radiusKm: query.radius_km ?? NEAR_RADIUS_DEFAULT_KM };
}

/**
 * The page's rows with the capped count (`statement`; the count also apart, `count`), for a
 * query already validated. `matched`, when the query has words: the search engine's matching
 * ids, or the PostgreSQL backend's words as SQL the database applies itself.
 */
export function browseStatements(
  query: ListingQuery,
  viewerId: string | null,
  matched: string[] | ListingWords | null,
) {
  const statuses = visibleStatuses(query, viewerId);
  // Statuses come from a closed list, so they are written into the statement: the planner then
  // sees the public rows' exact predicate and picks the partial indexes.
  const conditions: Prisma.Sql[] = [
    statuses.length > 0
      ? Prisma.sql`l.status IN (${Prisma.raw(statuses.map((status) => `'${status}'`).join(", "))})`
      : Prisma.sql`false`,
  ];
  // A listing hidden by a moderator, by three reports, or with its seller's suspension is seen by
  // nobody but its seller (and administrators, on the moderation page). Almost every listing
  // passes, so the partial indexes above still serve the order; the filter costs one column.
  const own = ownView(query, viewerId);
  if (!own) conditions.push(Prisma.sql`l."hiddenAt" IS NULL`);
  if (query.seller_id) conditions.push(Prisma.sql`l."sellerId" = ${query.seller_id}`);
  if (query.condition?.length)
    conditions.push(Prisma.sql`l.condition = ANY(${[...query.condition]}::"ListingCondition"[])`);
  if (query.categories?.length) {
    // The category's products first (a few hundred of 2,000, through their GIN index), then their
    // listings through the productId index.
    conditions.push(
      Prisma.sql`l."productId" = ANY(ARRAY(SELECT p.id FROM "Product" p WHERE p.categories && ${[...query.categories]}::text[]))`,
    );
  }
  if (query.price_min !== undefined) conditions.push(Prisma.sql`l."priceNgn" >= ${query.price_min}::numeric`);
  if (query.price_max !== undefined) conditions.push(Prisma.sql`l."priceNgn" <= ${query.price_max}::numeric`);

  const near = nearPoint(query);
  const centre = near ? Prisma.sql`ll_to_earth(${near.lat}::float8, ${near.lng}::float8)` : null;
  // Within the radius; the box around it is what the GiST index can find (kept apart, for the
  // nearest-first walk below, which must not use it).
  let box: Prisma.Sql | null = null;
  if (near && centre) {
    const metres = near.radiusKm * 1000 * MEAN_TO_EARTHDISTANCE;
    box = Prisma.sql`earth_box(${centre}, ${metres}::float8) @> l.earth`;
    conditions.push(Prisma.sql`earth_distance(l.earth, ${centre}) <= ${metres}::float8`);
  }
  const boxed = box ? [...conditions, box] : conditions;
  const words = matched !== null && !Array.isArray(matched) ? matched : null;
  const where = Prisma.join(words ? [...boxed, words.where] : boxed, " AND ");
  // Counting words' matches starts from the matches (most pass the other filters, so the cap
  // comes soon) rather than from every listing.
  const countWhere = Prisma.join(boxed, " AND ");
  // The search engine's matches (at most MATCH_LIMIT) are where the rows come from: each is
  // looked up by its primary key, whatever else the query asks.
  // (OFFSET 0 keeps the planner from flattening the lookup into a join that scans a radius.)
  const from = Array.isArray(matched)
    ? Prisma.sql`unnest(${[...matched]}::text[]) AS matched(id) CROSS JOIN LATERAL (SELECT * FROM "Listing" one WHERE one.id = matched.id OFFSET 0) l`
    : Prisma.sql`"Listing" l`;

  // Nearest first by the GiST index's own order (<->, no second key, or the index cannot give it).
  const byDistance = query.sort === "distance" && centre !== null;
  const [inner, outer] = byDistance
    ? [Prisma.sql`l.earth <-> ${centre}`, Prisma.sql`page."distanceKm", page.id`]
    : query.sort === "price_low"
      ? [
          Prisma.sql`l."priceNgn" ASC, l."createdAt" DESC, l.id`,
          Prisma.sql`page."priceSort" ASC, page."createdAt" DESC, page.id`,
        ]
      : query.sort === "price_high"
        ? [
            Prisma.sql`l."priceNgn" DESC, l."createdAt" DESC, l.id`,
            Prisma.sql`page."priceSort" DESC, page."createdAt" DESC, page.id`,
          ]
        : [Prisma.sql`l."createdAt" DESC, l.id`, Prisma.sql`page."createdAt" DESC, page.id`];

  const distance = centre
    ? Prisma.sql`earth_distance(l.earth, ${centre}) / ${1000 * MEAN_TO_EARTHDISTANCE}::float8`
    : Prisma.sql`NULL::float8`;
  const countUpTo = query.offset + COUNT_CAP;
  const columns = Prisma.sql`
    l.id, l."productId", l.title, l."showPhone", l."sellerId", l."priceNgn"::text AS "priceNgn", l."priceNgn" AS "priceSort",
    l.quantity, l."reservedQuantity", l.condition::text AS condition, l.status::text AS status, l.images, l.latitude, l.longitude, l.locality,
    l."createdAt", l."updatedAt", l."hiddenAt", l."hiddenCause"::text AS "hiddenCause", l."hiddenReason",
    ${distance} AS "distanceKm"`;
  const paging = Prisma.sql`LIMIT ${query.limit} OFFSET ${query.offset}`;
  let pageSql = Prisma.sql`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${inner} ${paging}`;
  if (byDistance && box && !Array.isArray(matched)) {
    // Nearest first has two good plans, and the planner cannot tell which (it has no statistics
    // for the radius box): when the radius holds enough listings for this page, walk the GiST
    // index nearest first and stop at the page's end; when it holds few, find them all through
    // the box and sort those few. The capped count (the `counted` of the statement) decides,
    // and only the chosen branch runs.
    const enough = Prisma.sql`(SELECT counted FROM counted) >= ${query.offset + query.limit}`;
    const walkWhere = Prisma.join(words ? [...conditions, words.where] : conditions, " AND ");
    pageSql = Prisma.sql`
      (SELECT ${columns} FROM ${from} WHERE ${walkWhere} AND ${enough} ORDER BY ${inner} ${paging})
      UNION ALL
      (SELECT ${columns} FROM ${from} WHERE ${where} AND NOT ${enough} ORDER BY ${inner} ${paging})`;
  }
  // Every public listing, unfiltered (the marketplace's first look): the count walks the public
  // partial index in the page's own order and stops at the cap. Without the order, the planner
  // reads the table itself (the hidden listings' column is not in that index).
  const unfiltered = !own && conditions.length === 2 && !box && !words && !Array.isArray(matched) && !byDistance;
  const countOrder = unfiltered ? Prisma.sql`ORDER BY ${inner}` : Prisma.empty;
  const countSql = words
    ? Prisma.sql`SELECT count(*)::int AS counted FROM (SELECT 1 FROM (${words.ids}) word JOIN "Listing" l ON l.id = word.id WHERE ${countWhere} LIMIT ${countUpTo + 1}) capped`
    : Prisma.sql`SELECT count(*)::int AS counted FROM (SELECT 1 FROM ${from} WHERE ${where} ${countOrder} LIMIT ${countUpTo + 1}) capped`;
  // (With a place, each listing also says how far it is, in kilometres as measured: how much of
  // it a reader is shown is listingAsSeenBy's to say, after any cached answer.)
  // One round trip: the capped count joined to the page (a row of nulls when the page is
  // empty, so the count always comes back), each listing's product fetched for the page only,
  // and the page built as the API's JSON by PostgreSQL (listingDto's shape, in one value the
  // server parses once, rather than row by row and column by column).
  const iso = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const listing = Prisma.sql`json_build_object(
      'id', page.id, 'productId', page."productId", 'title', page.title, 'showPhone', page."showPhone",
      'sellerId', page."sellerId", 'seller_id', page."sellerId", 'priceNgn', page."priceNgn", 'quantity', page.quantity,
      'reservedQuantity', page."reservedQuantity", 'condition', page.condition, 'status', page.status, 'images', page.images, 'latitude', page.latitude,
      'longitude', page.longitude, 'locality', page.locality, 'createdAt', ${iso(Prisma.sql`page."createdAt"`)},
      'updatedAt', ${iso(Prisma.sql`page."updatedAt"`)},
      'sellerName', ${SELLER_PUBLIC_NAME}, 'sellerPhoneVerified', se."phoneVerifiedAt" IS NOT NULL,
      'sellerReviewCount', se."reviewCount", 'sellerReviewStars', se."reviewStars",
      'hidden', CASE WHEN page."hiddenAt" IS NULL THEN NULL ELSE json_build_object(
        'at', ${iso(Prisma.sql`page."hiddenAt"`)}, 'cause', page."hiddenCause", 'reason', page."hiddenReason"
      ) END,
      'product', CASE WHEN pr.id IS NULL THEN NULL ELSE json_build_object(
        'id', pr.id, 'name', pr.name, 'unit', pr.unit, 'images', pr.images, 'categories', pr.categories, 'isActive', pr."isActive"
      ) END
      ${centre ? Prisma.sql`, 'distanceKm', page."distanceKm"` : Prisma.empty})`;
  const statement = Prisma.sql`
    WITH counted AS MATERIALIZED (${countSql})
    SELECT counted.counted, coalesce(json_agg(${listing} ORDER BY ${outer}) FILTER (WHERE page.id IS NOT NULL), '[]') AS listings
    FROM counted
    LEFT JOIN (${pageSql}) page ON true
    LEFT JOIN "Product" pr ON pr.id = page."productId"
    LEFT JOIN "User" se ON se.id = page."sellerId"
    GROUP BY counted.counted`;
  return { statement, count: countSql, countUpTo };
}

/** What the count statement found, as the answer states it: exact, or at least `countUpTo`. */
export function cappedTotal(counted: number, countUpTo: number) {
  return counted > countUpTo ? { total: countUpTo, totalCapped: true } : { total: counted, totalCapped: false };
}
