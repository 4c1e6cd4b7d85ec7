import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import { SEARCH_ENTITIES, type SearchDocument, type SearchEntity } from "../../../search/documents";
import { normaliseTerm } from "../../../search/synonyms";
import {
  EXACT_TOO_FEW,
  type ListingWords,
  type MatchQuery,
  type SearchAnswer,
  type SearchBackend,
  type SearchHit,
  type SearchQuery,
} from "./backend";
import { matchedWords, queryTerms } from "./query-terms";

// The embedded search backend: the "SearchDocument" table (see its migration). Exact words go
// through the GIN full-text index; only when they find too little does a trigram pass look for
// typos, over at most a few hundred candidates the trigram index gives (never a similarity
// sort over every row); a radius uses the GiST index on the earth point.

const TYPO_CANDIDATES = 200;
const UPSERT_BATCH = 500;

/** A document as a row of the table (the JSON the batch insert reads). */
function row(document: SearchDocument) {
  return {
    id: document.id,
    type: document.type,
    entityId: document.entityId,
    searchText: documentSearchText(document),
    visibility: document.visibility,
    ownerId: document.ownerId,
    latitude: document._geo?.lat ?? null,
    longitude: document._geo?.lng ?? null,
    categories: document.categories,
    document,
    updatedAt: new Date(document.updatedAt).toISOString(),
  };
}

/** The words that find a document: its title, keywords, categories and place, normalised. */
export function documentSearchText(document: SearchDocument): string {
  return normaliseTerm(
    [document.title, ...document.keywords, ...document.categories, document.locality ?? ""].join(" "),
  );
}

interface Row {
  id: string;
  type: string;
  document: SearchDocument;
  distance: number | null;
  total: bigint;
}

function emptyAnswer(): SearchAnswer {
  return {
    total: 0,
    totals: { product: 0, listing: 0, farm: 0 },
    hits: { product: [], listing: [], farm: [] },
  };
}

/** The WHERE conditions every pass shares: kinds, who may see it, categories, the radius. */
/** What the filters read of a search or a match query. */
type Filtered = Pick<SearchQuery, "viewerId" | "ownOnly" | "categories" | "near"> & { ownerId?: string };

function filters(query: Filtered, types: readonly SearchEntity[]) {
  const conditions: Prisma.Sql[] = [Prisma.sql`d."type" = ANY(${types as SearchEntity[]}::text[])`];
  const viewer = query.viewerId;
  conditions.push(
    viewer === null
      ? // Nobody: public documents only (an answer readers share), and nothing of their own.
        query.ownOnly
        ? Prisma.sql`false`
        : Prisma.sql`d."visibility" = 'public'`
      : query.ownOnly
        ? Prisma.sql`d."ownerId" = ${viewer}`
        : Prisma.sql`(d."visibility" = 'public' OR d."ownerId" = ${viewer})`,
  );
  if (query.ownerId !== undefined) conditions.push(Prisma.sql`d."ownerId" = ${query.ownerId}`);
  if (query.categories && query.categories.length > 0)
    conditions.push(Prisma.sql`d."categories" && ${[...query.categories]}::text[]`);
  if (query.near) {
    const metres = query.near.radiusKm * 1000;
    const centre = Prisma.sql`ll_to_earth(${query.near.lat}::float8, ${query.near.lng}::float8)`;
    conditions.push(
      Prisma.sql`earth_box(${centre}, ${metres}::float8) @> d."earth" AND earth_distance(d."earth", ${centre}) <= ${metres}::float8`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

function distanceColumn(query: Filtered) {
  return query.near
    ? Prisma.sql`earth_distance(d."earth", ll_to_earth(${query.near.lat}::float8, ${query.near.lng}::float8))`
    : Prisma.sql`NULL::float8`;
}

/**
 * Each kind's page of rows, ranked within its kind, with the kind's total. The matches are
 * ranked as narrow rows (id, kind, rank, date, distance); only the page's rows fetch their
 * document, so a common word's thousands of matches never carry their documents through a sort.
 */
function paged(inner: Prisma.Sql, order: Prisma.Sql, query: SearchQuery) {
  const from = query.offset ?? 0;
  return Prisma.sql`
    WITH matched AS MATERIALIZED (${inner}),
    totals AS (SELECT type, count(*) AS total FROM matched GROUP BY type),
    ranked AS (SELECT r.id, r.type, r.distance, row_number() OVER (PARTITION BY r.type ORDER BY ${order}) AS n FROM matched r)
    SELECT ranked.id, ranked.type, (SELECT doc.document FROM "SearchDocument" doc WHERE doc.id = ranked.id) AS document, ranked.distance, totals.total
    FROM ranked
    JOIN totals ON totals.type = ranked.type
    WHERE ranked.n > ${from} AND ranked.n <= ${from + query.limit}
    ORDER BY ranked.type, ranked.n`;
}

function exactPassSql(query: SearchQuery, types: readonly SearchEntity[], tsquery: string | null): Prisma.Sql {
  const where = filters(query, types);
  const order = query.near
    ? Prisma.sql`r.distance ASC, r.rank DESC, r."updatedAt" DESC`
    : Prisma.sql`r.rank DESC, r."updatedAt" DESC`;
  const inner = tsquery
    ? Prisma.sql`
        SELECT d.id, d.type, d."updatedAt", ${distanceColumn(query)} AS distance, ts_rank(d.tsv, q) AS rank
        FROM "SearchDocument" d, to_tsquery('simple', ${tsquery}) q
        WHERE d.tsv @@ q AND ${where}`
    : Prisma.sql`
        SELECT d.id, d.type, d."updatedAt", ${distanceColumn(query)} AS distance, 0::float4 AS rank
        FROM "SearchDocument" d
        WHERE ${where}`;
  return paged(inner, order, query);
}

/**
 * The typed words long enough to match with typos (3 letters or more): the condition that a
 * document (`d`) is close to every one of them, and the score of a candidate (`c`); null with none.
 */
function typoMatch(words: string[]): { similar: Prisma.Sql; score: Prisma.Sql } | null {
  const typed = words.filter((word) => word.length >= 3);
  if (typed.length === 0) return null;
  return {
    similar: Prisma.join(
      typed.map((word) => Prisma.sql`${word} <% d."searchText"`),
      " AND ",
    ),
    score: Prisma.join(
      typed.map((word) => Prisma.sql`word_similarity(${word}, c."searchText")`),
      " + ",
    ),
  };
}

/** Typos: every typed word close to a word of the document (pg_trgm's word similarity), among a bounded set of candidates. */
function typoPassSql(query: SearchQuery, types: readonly SearchEntity[], words: string[]): Prisma.Sql | null {
  const match = typoMatch(words);
  if (!match) return null;
  const { similar, score } = match;
  const inner = Prisma.sql`
    SELECT c.id, c.type, c."updatedAt", c.distance, ${score} AS rank
    FROM (
      SELECT d.id, d.type, d."updatedAt", d."searchText", ${distanceColumn(query)} AS distance
      FROM "SearchDocument" d
      WHERE ${similar} AND ${filters(query, types)}
      LIMIT ${TYPO_CANDIDATES}
    ) c`;
  const order = query.near ? Prisma.sql`r.distance ASC, r.rank DESC` : Prisma.sql`r.rank DESC, r."updatedAt" DESC`;
  return paged(inner, order, query);
}

/** One kind's exact matches as entity ids: nearest first with a place (the GiST index orders them), else best ranked. */
function exactIdsSql(query: MatchQuery, tsquery: string | null): Prisma.Sql {
  const where = filters(query, [query.type]);
  const order: Prisma.Sql[] = [];
  if (query.near)
    order.push(Prisma.sql`d."earth" <-> ll_to_earth(${query.near.lat}::float8, ${query.near.lng}::float8)`);
  if (tsquery) order.push(Prisma.sql`ts_rank(d.tsv, q) DESC`);
  order.push(Prisma.sql`d."updatedAt" DESC`, Prisma.sql`d.id`);
  return tsquery
    ? Prisma.sql`SELECT d."entityId" FROM "SearchDocument" d, to_tsquery('simple', ${tsquery}) q WHERE d.tsv @@ q AND ${where} ORDER BY ${Prisma.join(order, ", ")} LIMIT ${query.limit}`
    : Prisma.sql`SELECT d."entityId" FROM "SearchDocument" d WHERE ${where} ORDER BY ${Prisma.join(order, ", ")} LIMIT ${query.limit}`;
}

/** One kind's typo matches as entity ids, among the bounded candidates of the trigram index. */
function typoIdsSql(query: MatchQuery, words: string[]): Prisma.Sql | null {
  const match = typoMatch(words);
  if (!match) return null;
  const { similar, score } = match;
  const order = query.near ? Prisma.sql`c.distance ASC, ${score} DESC` : Prisma.sql`${score} DESC, c."updatedAt" DESC`;
  return Prisma.sql`
    SELECT c."entityId" FROM (
      SELECT d."entityId", d."updatedAt", d."searchText", ${distanceColumn(query)} AS distance
      FROM "SearchDocument" d
      WHERE ${similar} AND ${filters(query, [query.type])}
      LIMIT ${TYPO_CANDIDATES}
    ) c
    ORDER BY ${order}
    LIMIT ${query.limit}`;
}

/** The statements a search runs: the exact pass, and the typo pass it falls back to (for the benchmark to run directly). */
export function searchStatements(query: SearchQuery) {
  const types = query.types.length > 0 ? query.types : SEARCH_ENTITIES;
  const terms = queryTerms(query.text);
  return {
    exact: exactPassSql(query, types, terms.tsquery),
    typo: terms.tsquery ? typoPassSql(query, types, terms.words) : null,
  };
}

/**
 * The words' exact matches among listings, for the listing query to filter, sort and count with
 * its own indexes: as a condition on the listing `l` (EXISTS on the document's primary key, so
 * a page can walk the listings in its order and look each up), and as the matching listing ids
 * (from the full-text index, so a count starts from the matches rather than every listing).
 */
export function listingWordsCondition(text: string): ListingWords | null {
  const terms = queryTerms(text);
  if (!terms.tsquery) return null;
  const matches = Prisma.sql`d.type = 'listing' AND d.tsv @@ to_tsquery('simple', ${terms.tsquery})`;
  return {
    where: Prisma.sql`EXISTS (SELECT 1 FROM "SearchDocument" d WHERE d.id = 'listing_' || l.id AND ${matches})`,
    ids: Prisma.sql`SELECT d."entityId" AS id FROM "SearchDocument" d WHERE ${matches}`,
  };
}

/** The statements `matchingIds` runs (for the benchmark to run directly); null when the words leave nothing to search. */
export function matchingIdsStatements(query: MatchQuery) {
  const terms = queryTerms(query.text);
  if (query.text.trim() !== "" && terms.tsquery === null) return null;
  return { exact: exactIdsSql(query, terms.tsquery), typo: terms.tsquery ? typoIdsSql(query, terms.words) : null };
}

export function createPostgresBackend(): SearchBackend {
  return {
    name: "postgres",

    async prepare() {
      // The table, its indexes and the extensions come with the migrations; the app's own writes fill it.
      return { rebuild: null };
    },

    async upsert(documents) {
      // In batches, one statement each: a reindex of 100,000 documents is a few hundred statements.
      for (let start = 0; start < documents.length; start += UPSERT_BATCH) {
        const batch = documents.slice(start, start + UPSERT_BATCH);
        await prisma.$executeRaw`
          INSERT INTO "SearchDocument" (id, type, "entityId", "searchText", visibility, "ownerId", latitude, longitude, categories, document, "updatedAt", earth)
          SELECT d.id, d.type, d."entityId", d."searchText", d.visibility, d."ownerId", d.latitude, d.longitude,
                 ARRAY(SELECT jsonb_array_elements_text(d.categories)), d.document, d."updatedAt" AT TIME ZONE 'UTC',
                 CASE WHEN d.latitude IS NOT NULL AND d.longitude IS NOT NULL THEN ll_to_earth(d.latitude, d.longitude) END
          FROM jsonb_to_recordset(${JSON.stringify(batch.map(row))}::jsonb) AS d(
            id text, type text, "entityId" text, "searchText" text, visibility text, "ownerId" text,
            latitude float8, longitude float8, categories jsonb, document jsonb, "updatedAt" timestamptz)
          ON CONFLICT (id) DO UPDATE SET
            "searchText" = EXCLUDED."searchText", visibility = EXCLUDED.visibility, "ownerId" = EXCLUDED."ownerId",
            latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, categories = EXCLUDED.categories,
            document = EXCLUDED.document, "updatedAt" = EXCLUDED."updatedAt", earth = EXCLUDED.earth`;
      }
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await prisma.$executeRaw`DELETE FROM "SearchDocument" WHERE id = ANY(${[...ids]}::text[])`;
    },

    async clear() {
      await prisma.$executeRaw`DELETE FROM "SearchDocument"`;
    },

    async search(query) {
      const types = query.types.length > 0 ? query.types : SEARCH_ENTITIES;
      const terms = queryTerms(query.text);
      if (query.text.trim() !== "" && terms.tsquery === null) return emptyAnswer();
      let rows = await prisma.$queryRaw<Row[]>(exactPassSql(query, types, terms.tsquery));
      let typos = false;
      if (terms.tsquery && rows.length < EXACT_TOO_FEW) {
        const seen = new Set(rows.map((row) => row.id));
        const typo = typoPassSql(query, types, terms.words);
        const extra = (typo ? await prisma.$queryRaw<Row[]>(typo) : []).filter((row) => !seen.has(row.id));
        if (extra.length > 0) {
          typos = true;
          // Exact hits keep their place; typo hits follow, and the totals add up.
          const exactTotals = new Map<string, bigint>();
          for (const row of rows) exactTotals.set(row.type, row.total);
          rows = [...rows, ...extra.map((row) => ({ ...row, total: row.total + (exactTotals.get(row.type) ?? 0n) }))];
        }
      }
      const answer = emptyAnswer();
      for (const type of types) {
        const ofType = rows.filter((row) => row.type === type).slice(0, query.limit);
        answer.hits[type] = ofType.map((row): SearchHit => ({
          document: row.document,
          distanceKm: row.distance === null ? null : Math.round(row.distance / 100) / 10,
          matched: terms.tsquery ? matchedWords(row.document.title, terms, typos) : [],
        }));
        answer.totals[type] =
          ofType.length === 0
            ? 0
            : Number(
                rows.filter((row) => row.type === type).reduce((max, row) => (row.total > max ? row.total : max), 0n),
              );
      }
      answer.total = answer.totals.product + answer.totals.listing + answer.totals.farm;
      return answer;
    },

    listingCondition(text) {
      return listingWordsCondition(text);
    },

    async matchingIds(query) {
      const terms = queryTerms(query.text);
      if (query.text.trim() !== "" && terms.tsquery === null) return [];
      const ids = (await prisma.$queryRaw<{ entityId: string }[]>(exactIdsSql(query, terms.tsquery))).map(
        (row) => row.entityId,
      );
      if (!terms.tsquery || ids.length >= EXACT_TOO_FEW) return ids;
      const typo = typoIdsSql(query, terms.words);
      if (!typo) return ids;
      // Exact matches first, then what only a typo explains.
      const seen = new Set(ids);
      for (const row of await prisma.$queryRaw<{ entityId: string }[]>(typo)) {
        if (!seen.has(row.entityId) && ids.length < query.limit) {
          seen.add(row.entityId);
          ids.push(row.entityId);
        }
      }
      return ids;
    },
  };
}
