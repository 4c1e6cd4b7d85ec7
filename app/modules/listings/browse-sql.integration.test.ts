import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, migrate } from "../../../scripts/migrate";
import { benchSellerId, benchUserId, loadMarket } from "../../../scripts/bench/market";
import { listingWordsCondition } from "../search/postgres.server";
import { browseStatements, cappedTotal, COUNT_CAP } from "./browse-sql.server";
import { listingQuerySchema, type ListingQuery } from "./schemas";

// Every listing query of the specification at 100,000 listings, in a database of this file's
// own: each must be served by an index. EXPLAIN ANALYZE must show no sequential scan of
// "Listing" and no sort of (nearly) every public listing; the capped count must stop early.

const LISTINGS = 100_000;
const url = new URL(process.env.DATABASE_URL!);
url.pathname = `${url.pathname}_plans`;
const scratch = url.toString();
let client: pg.Client;
let publicRows = 0;

beforeAll(async () => {
  await dropDatabase(scratch);
  await migrate(scratch);
  client = new pg.Client({ connectionString: scratch });
  await client.connect();
  await loadMarket(client, { listings: LISTINGS, products: 2_000, users: 2_000, farms: 0 });
  // The search backend's documents for the listings, as the indexer writes them (the words that
  // find a listing: its product's name, its categories and its place).
  await client.query(`
    INSERT INTO "SearchDocument" (id, type, "entityId", "searchText", visibility, "ownerId", latitude, longitude, categories, document, "updatedAt", earth)
    SELECT 'listing_' || l.id, 'listing', l.id, lower(p.name || ' ' || array_to_string(p.categories, ' ') || ' ' || coalesce(l.locality, '')),
           CASE WHEN l.status = 'paused' THEN 'owner' ELSE 'public' END, l."sellerId", l.latitude, l.longitude, p.categories, '{}'::jsonb, l."updatedAt", l.earth
    FROM "Listing" l JOIN "Product" p ON p.id = l."productId"`);
  await client.query(`ANALYZE "SearchDocument"`);
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM "Listing" WHERE status IN ('active', 'sold')`);
  publicRows = rows[0].n;
}, 300_000);

afterAll(async () => {
  await client?.end();
  await dropDatabase(scratch);
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** The plan of a statement as it runs (EXPLAIN ANALYZE), and its text form for failure messages. */
async function explain(statement: { text: string; values: unknown[] }) {
  const json = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
  const text = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
  const plan = (json.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
  // Long id lists shortened, so a failure's message stays readable.
  const lines = text.rows.map((row: { "QUERY PLAN": string }) =>
    row["QUERY PLAN"].replace(/'\{[^}]{200,}\}'/g, "'{…}'"),
  );
  return { plan, text: lines.join("\n") };
}

/** What makes a plan read every listing: a sequential scan of the table, or a sort of at least half the public rows. */
function problems(plan: PlanNode) {
  const found: string[] = [];
  for (const node of nodes(plan)) {
    if (node["Node Type"] === "Seq Scan" && node["Relation Name"] === "Listing")
      found.push("sequential scan of Listing");
    if (node["Node Type"] === "Sort") {
      const input = (node.Plans ?? []).reduce(
        (sum, child) => sum + (child["Actual Rows"] ?? 0) * (child["Actual Loops"] ?? 1),
        0,
      );
      if (input >= publicRows / 2) found.push(`sort of ${input} rows`);
    }
  }
  return found;
}

const query = (params: Record<string, string>): ListingQuery => listingQuerySchema.parse(params);
const buyer = benchUserId(1);
const seller = benchSellerId(7);
const kano = { lat: "12.0022", lng: "8.592" };
const countryside = { lat: "12.2522", lng: "8.592" };

const scenarios: [string, ListingQuery, string][] = [
  ["default page, newest", query({ limit: "50" }), buyer],
  ["third page", query({ limit: "50", offset: "100" }), buyer],
  ["cheapest first", query({ sort: "price_low" }), buyer],
  ["dearest first", query({ sort: "price_high" }), buyer],
  ["one category", query({ categories: "Grains & Cereals" }), buyer],
  ["two categories, by price", query({ categories: "Traditional Medicine,Spices & Herbs", sort: "price_low" }), buyer],
  [
    "category and price range",
    query({ categories: "Livestock & Poultry", price_min: "5000", price_max: "20000" }),
    buyer,
  ],
  ["a narrow price range", query({ price_min: "1850000", price_max: "1900000" }), buyer],
  ["condition", query({ condition: "used_good,used_fair" }), buyer],
  ["near Kano, 50 km, newest", query({ ...kano, radius_km: "50" }), buyer],
  ["near Kano, by distance", query({ ...kano, radius_km: "50", sort: "distance" }), buyer],
  [
    "near Kano, 500 km, by distance, category",
    query({ ...kano, radius_km: "500", sort: "distance", categories: "Grains & Cereals" }),
    buyer,
  ],
  ["a few in the countryside, by distance", query({ ...countryside, radius_km: "5", sort: "distance" }), buyer],
  ["a seller's own, all statuses", query({ seller_id: seller }), seller],
  ["a seller's own, paused", query({ seller_id: seller, status: "paused" }), seller],
  ["one seller's public listings", query({ seller_id: seller }), buyer],
];

describe(`listing queries at ${LISTINGS.toLocaleString("en")} listings`, () => {
  it.each(scenarios)("%s: read through an index, counted up to the cap", async (_name, listingQuery, viewer) => {
    const statements = browseStatements(listingQuery, viewer, null);
    for (const statement of [statements.statement, statements.count]) {
      const { plan, text } = await explain({ text: statement.text, values: statement.values as unknown[] });
      expect(problems(plan), text).toEqual([]);
    }
  });

  it.each([
    ["a common word, newest", { search: "maize" }],
    ["a common word, by price, in a category", { search: "maize", sort: "price_low", categories: "Grains & Cereals" }],
    ["a rarer word near Kano, by distance", { search: "moringa", ...kano, radius_km: "100", sort: "distance" }],
  ])("words through the PostgreSQL backend (%s): every match, through the full-text index", async (_name, params) => {
    const listingQuery = query(params);
    const statements = browseStatements(listingQuery, buyer, listingWordsCondition(listingQuery.search!));
    for (const statement of [statements.statement, statements.count]) {
      const { plan, text } = await explain({ text: statement.text, values: statement.values as unknown[] });
      expect(problems(plan), text).toEqual([]);
    }
    const rows = (await client.query(statements.statement.text, statements.statement.values as unknown[])).rows;
    expect(rows[0].counted, "the word finds listings").toBeGreaterThan(0);
  });

  it("matches from the search engine (a thousand ids) are filtered and sorted through the primary key", async () => {
    const { rows } = await client.query(`SELECT id FROM "Listing" WHERE status = 'active' ORDER BY id LIMIT 1000`);
    const ids = rows.map((row: { id: string }) => row.id);
    for (const sort of ["newest", "price_low", "distance"]) {
      const statements = browseStatements(query({ sort, ...kano, radius_km: "500" }), buyer, ids);
      for (const statement of [statements.statement, statements.count]) {
        const { plan, text } = await explain({ text: statement.text, values: statement.values as unknown[] });
        expect(problems(plan), text).toEqual([]);
        expect(
          [...nodes(plan)].some((node) => node["Index Name"] === "Listing_pkey"),
          text,
        ).toBe(true);
      }
    }
  });

  it("counts exactly up to the cap past the page, and says so above it", async () => {
    const all = browseStatements(query({}), buyer, null);
    const counted = (await client.query(all.count.text, all.count.values as unknown[])).rows[0].counted;
    expect(counted).toBe(COUNT_CAP + 1);
    expect(cappedTotal(counted, all.countUpTo)).toEqual({ total: COUNT_CAP, totalCapped: true });

    const deeper = browseStatements(query({ offset: "5000" }), buyer, null);
    const deeperCount = (await client.query(deeper.count.text, deeper.count.values as unknown[])).rows[0].counted;
    expect(cappedTotal(deeperCount, deeper.countUpTo)).toEqual({ total: 5000 + COUNT_CAP, totalCapped: true });

    const own = browseStatements(query({ seller_id: seller }), seller, null);
    const ownCount = (await client.query(own.count.text, own.count.values as unknown[])).rows[0].counted;
    const exact = (await client.query(`SELECT count(*)::int AS n FROM "Listing" WHERE "sellerId" = $1`, [seller]))
      .rows[0].n;
    expect(exact).toBeGreaterThan(0);
    expect(cappedTotal(ownCount, own.countUpTo)).toEqual({ total: exact, totalCapped: false });
  });

  it("pages are the public listings in order, and near-me is nearest first within the radius, dense or sparse", async () => {
    const run = async (listingQuery: ListingQuery) => {
      const { statement } = browseStatements(listingQuery, buyer, null);
      const [row] = (await client.query(statement.text, statement.values as unknown[])).rows as {
        counted: number;
        listings: { id: string; distanceKm?: number }[];
      }[];
      return row!;
    };
    const first = await run(query({ limit: "50" }));
    const expected = (
      await client.query(`SELECT id FROM "Listing" WHERE status <> 'paused' ORDER BY "createdAt" DESC, id LIMIT 50`)
    ).rows;
    expect(first.listings.map((listing) => listing.id)).toEqual(expected.map((row: { id: string }) => row.id));

    // Around Kano there are thousands (the index is walked nearest first); 5 km around a spot
    // in the country 28 km north of it, a handful (found through the box, then sorted): both
    // nearest first, all within the radius, and as many as there are.
    for (const [place, radius, few] of [
      [kano, "50", false],
      [countryside, "5", true],
    ] as const) {
      const near = await run(query({ ...place, radius_km: radius, sort: "distance", limit: "100" }));
      const distances = near.listings.map((listing) => listing.distanceKm!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(0, ...distances)).toBeLessThanOrEqual(Number(radius));
      const within = (
        await client.query(
          `SELECT count(*)::int AS n FROM "Listing" WHERE status <> 'paused' AND earth IS NOT NULL
             AND earth_distance(earth, ll_to_earth($1, $2)) <= $3::float8 * 1000 * 6378168 / 6371008.8`,
          [Number(place.lat), Number(place.lng), Number(radius)],
        )
      ).rows[0].n;
      if (few) expect(within).toBeGreaterThan(0);
      expect(within >= 100).toBe(!few);
      expect(distances.length).toBe(Math.min(100, within));
      expect(near.counted).toBe(Math.min(within, COUNT_CAP + 1));
    }
  });
});
