// npm run bench:prices [-- --duration 10 --connections 50 --listings 100000 --grown 1000000 --keep]
// (and the last part of `npm run bench`, unless it is given --skip-prices)
// The market prices benchmark. Loads the benchmark market (scripts/bench/market.ts, 100,000
// listings) into a database of its own, with each listing's price as a price event ('listed', in
// the town priceTown gives, at a moment in the last twelve weeks) and about one listing in five
// also traded ('trade'), their weeks marked stale: what the app writes one listing at a time,
// written here in bulk. Then it times the figures job as the maintenance queue runs it
// (refreshPriceFigures, run again until no stale week is left) and measures, with the production
// build as `npm start` serves it and autocannon (50 connections, 10 s each after a warm-up), the
// /prices page (the popular products, a product's towns, a town's twelve weeks) and the API
// (GET /api/prices, with and without a town; GET /api/prices/usual). Then it grows the market to
// 1,000,000 listings (900,000 more, with their price events), times the job on the new events
// only, and measures the same addresses again. Writes the sizes, the load times, the job's time
// per 100,000 price events, the table with the targets (p95 under 150 ms) met or missed, and the
// plans of the page's queries at the grown size to bench/results/prices-<date>.md. It fails
// (exit 1) only when a request fails.
//   --listings, --grown  the two sizes (smaller ones make a quick trial run).
//   --keep               keeps the database (asiiko_bench_prices) afterwards.
// It runs in a process of its own: the app's modules read the environment (the database, the
// session secret) once, and this benchmark's differs from any other's.
import os from "node:os";
import pg from "pg";
import { NIGERIAN_TOWNS, priceTown } from "../../app/modules/listings/towns";
import { PRICE_PAGE_WEEKS, USUAL_RANGE_DAYS } from "../../app/modules/prices/constants";
import { weekOf } from "../../app/modules/prices/figures";
import {
  argument,
  benchSessionCookie,
  benchSetting,
  describeMachine,
  runBenchmark,
  startWebServer,
  writeReport,
} from "./bench-env";
import { measureAddress, type AddressMeasured } from "./autocannon-measure";
import { appendListings, benchUserId, FULL_MARKET, loadMarket } from "./market";

export interface PricesBenchOptions {
  /** Seconds of each measurement (after a 2 s warm-up). */
  duration: number;
  connections: number;
  /** The market's listings at first, and once grown. */
  listings: number;
  grown: number;
  /** Keep the database afterwards. */
  keep: boolean;
  log?: (message: string) => void;
}

/** The page's and the API's p95 target, in milliseconds. */
const P95_TARGET_MS = 150;
/** Price events land in the last twelve weeks: the page's window. */
const EVENT_SPREAD_DAYS = 7 * PRICE_PAGE_WEEKS;
/** One listing in TRADE_SHARE is also traded (a completed order at about its price). */
const TRADE_SHARE = 5;
/** refreshPriceFigures' batch, and what one run of the maintenance job works out at most (batch × maxBatches). */
const JOB_BATCH = 500;
const WEEKS_PER_JOB_RUN = JOB_BATCH * 100;
/** The benchmark market's listing ids are `bench_listing_<number>` (market.ts). */
const LISTING_NUMBER = `substring(l.id FROM ${"bench_listing_".length + 1})::int`;
const DAY_MS = 24 * 60 * 60 * 1000;

type Measured = AddressMeasured;

interface Scenario {
  name: string;
  path: string;
  /** A page: its loader's data alone (`.data`, what the browser fetches on navigation) is timed too, apart from the HTML. */
  page: boolean;
}

interface SizeResult {
  listings: number;
  events: number;
  trades: number;
  staleWeeks: number;
  loadSeconds: number;
  eventsSeconds: number;
  job: JobTiming;
  figures: number;
  busiest: Busiest;
  /** The machine's load average (1 minute) just before the measurements: other work on the machine shows here. */
  loadAverage: number;
  rows: { scenario: Scenario; loaded: Measured; alone: Measured; dataAlone: Measured | null }[];
}

interface JobTiming {
  seconds: number;
  weeks: number;
  runs: number;
  events: number;
}

interface Busiest {
  productId: string;
  productName: string;
  productFigures: number;
  town: string;
  townWeeks: number;
}

interface Plan {
  name: string;
  ms: number;
  plan: string;
}

/** autocannon for `duration` seconds with `connections` always waiting, against one address. */
const measure = (url: string, headers: Record<string, string>, duration: number, connections: number) =>
  measureAddress(url, headers, { duration, connections });

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * The price events of listings `from` up to `to`: a 'listed' event at the listing's price, in the
 * town priceTown gives for its place, at a moment in the last EVENT_SPREAD_DAYS days before `now`
 * (drawn from the listing's id, so the same listing gets the same moment); and for one listing in
 * TRADE_SHARE a 'trade' at 90-100% of it a few days later (never after `now`). In the order of
 * their moments, as they would have arrived. Then their weeks (the Monday, Lagos time) are marked
 * stale, as recordPrice marks them. Answers the counts.
 */
async function insertPriceEvents(client: pg.Client, from: number, to: number, now: Date) {
  const { rows: places } = await client.query<{ locality: string }>(
    `SELECT DISTINCT locality FROM "Listing" WHERE locality IS NOT NULL`,
  );
  // The town each place counts in, as the app works it out when it records a listing's price.
  const towns = places.map((place) => priceTown({ locality: place.locality, latitude: null, longitude: null }));
  const { rows: before } = await client.query<{ last: string }>(
    `SELECT coalesce(max(id), 0)::text AS last FROM "PriceEvent"`,
  );
  const lastId = before[0]!.last;
  const spreadSeconds = EVENT_SPREAD_DAYS * 86_400;
  const inserted = await client.query(
    `WITH listing AS (
       SELECT l.id, l."productId", m.town, l."priceNgn" AS price,
              $3::timestamp - ((hashtext(l.id) & 2147483647) % ${spreadSeconds}) * interval '1 second' AS at,
              hashtext(l.id || ':trade') & 2147483647 AS roll
       FROM "Listing" l JOIN unnest($1::text[], $2::text[]) AS m(locality, town) ON m.locality = l.locality
       WHERE l."productId" IS NOT NULL AND m.town IS NOT NULL
         AND ${LISTING_NUMBER} >= $4 AND ${LISTING_NUMBER} < $5)
     INSERT INTO "PriceEvent" ("productId", town, "priceNgn", source, "listingId", "orderId", at)
     SELECT "productId", town, price, source::"PriceSource", id, "orderId", at FROM (
       SELECT "productId", town, price, 'listed' AS source, id, NULL AS "orderId", at FROM listing
       UNION ALL
       SELECT "productId", town, round(price * (0.9 + (roll / ${TRADE_SHARE}) % 1000 / 10000.0), 2), 'trade', id,
              'bench_order_' || id, LEAST(at + (roll % 518400) * interval '1 second', $3::timestamp)
       FROM listing WHERE roll % ${TRADE_SHARE} = 0
     ) events
     ORDER BY at`,
    [places.map((place) => place.locality), towns, now.toISOString(), from, to],
  );
  const { rows: counts } = await client.query<{ trades: number }>(
    `SELECT count(*) FILTER (WHERE source = 'trade')::int AS trades FROM "PriceEvent" WHERE id > $1`,
    [lastId],
  );
  // The figures' week of each moment, here in SQL: checked against the app's weekOf on a sample.
  const week = `date_trunc('week', at + interval '1 hour')::date`;
  const { rows: sample } = await client.query<{ at: string; week: string }>(
    `SELECT to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, ${week}::text AS week
     FROM "PriceEvent" WHERE id > $1 ORDER BY hashtext(id::text) LIMIT 2000`,
    [lastId],
  );
  const wrong = sample.find((event) => weekOf(new Date(event.at)) !== event.week);
  if (wrong) throw new Error(`the week of ${wrong.at} is ${weekOf(new Date(wrong.at))}, not ${wrong.week}`);
  const stale = await client.query(
    `INSERT INTO "PriceFigureStale" ("productId", town, week)
     SELECT DISTINCT "productId", town, ${week} FROM "PriceEvent" WHERE id > $1
     ON CONFLICT DO NOTHING`,
    [lastId],
  );
  return { events: inserted.rowCount ?? 0, trades: counts[0]!.trades, staleWeeks: stale.rowCount ?? 0 };
}

/** The figures job as the maintenance queue runs it, again until the stale weeks are all worked out. */
async function timeFiguresJob(events: number): Promise<JobTiming> {
  const { refreshPriceFigures } = await import("../../app/modules/prices/prices.server");
  const started = performance.now();
  let weeks = 0;
  let runs = 0;
  for (;;) {
    const done = await refreshPriceFigures();
    weeks += done;
    runs += 1;
    if (done < WEEKS_PER_JOB_RUN) break;
  }
  return { seconds: seconds(started), weeks, runs, events };
}

/** The product with the most weekly figures in the page's weeks, and its town with the most. */
async function busiest(client: pg.Client, since: string): Promise<Busiest> {
  const { rows } = await client.query<{ productId: string; name: string; figures: number }>(
    `SELECT f."productId", p.name, count(*)::int AS figures
     FROM "PriceFigure" f JOIN "Product" p ON p.id = f."productId"
     WHERE f.week >= $1::date GROUP BY f."productId", p.name ORDER BY figures DESC, f."productId" LIMIT 1`,
    [since],
  );
  const product = rows[0];
  // A small trial market may have no week with enough prices: then the product and town with the most.
  if (!product) return busiestByEvents(client);
  const { rows: towns } = await client.query<{ town: string; weeks: number }>(
    `SELECT town, count(*)::int AS weeks FROM "PriceFigure"
     WHERE "productId" = $1 AND week >= $2::date GROUP BY town ORDER BY weeks DESC, sum(count) DESC, town LIMIT 1`,
    [product.productId, since],
  );
  return {
    productId: product.productId,
    productName: product.name,
    productFigures: product.figures,
    town: towns[0]!.town,
    townWeeks: towns[0]!.weeks,
  };
}

async function busiestByEvents(client: pg.Client): Promise<Busiest> {
  const { rows } = await client.query<{ productId: string; name: string; town: string }>(
    `SELECT e."productId", p.name, e.town FROM "PriceEvent" e JOIN "Product" p ON p.id = e."productId"
     GROUP BY e."productId", p.name, e.town ORDER BY count(*) DESC, e."productId", e.town LIMIT 1`,
  );
  const busy = rows[0];
  if (!busy) throw new Error("no price event was written");
  return { productId: busy.productId, productName: busy.name, productFigures: 0, town: busy.town, townWeeks: 0 };
}

function scenariosFor(busy: Busiest): Scenario[] {
  const product = encodeURIComponent(busy.productId);
  const town = encodeURIComponent(busy.town);
  return [
    { name: "/prices (the popular products)", path: "/prices", page: true },
    { name: "/prices?product= (its towns)", path: `/prices?product=${product}`, page: true },
    { name: "/prices?product=&town= (chart and table)", path: `/prices?product=${product}&town=${town}`, page: true },
    { name: "GET /api/prices?product_id=", path: `/api/prices?product_id=${product}`, page: false },
    { name: "GET /api/prices?product_id=&town=", path: `/api/prices?product_id=${product}&town=${town}`, page: false },
    {
      name: "GET /api/prices/usual?product_id=&locality=",
      path: `/api/prices/usual?product_id=${product}&locality=${town}`,
      page: false,
    },
  ];
}

/** A session for the benchmark's reader, minted as the app mints them: its cookie. */
async function readerCookie(client: pg.Client) {
  return benchSessionCookie(client, benchUserId(1));
}

async function measureAll(options: PricesBenchOptions, scenarios: Scenario[], cookie: string, label: string) {
  const log = options.log ?? console.log;
  const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
  const web = await startWebServer();
  const rows: SizeResult["rows"] = [];
  try {
    for (const scenario of scenarios) {
      const url = `${web.base}${scenario.path}`;
      const check = await fetch(url, { headers });
      if (!check.ok) throw new Error(`${scenario.path}: ${check.status} ${(await check.text()).slice(0, 300)}`);
      await measure(url, headers, 2, options.connections); // warm-up
      const loaded = await measure(url, headers, options.duration, options.connections);
      // One reader alone: what the answer costs without waiting behind the others; for a page,
      // also its loaders' data without the HTML.
      const alone = await measure(url, headers, 3, 1);
      const dataAlone = scenario.page
        ? await measure(`${web.base}${scenario.path.replace(/^\/prices/, "/prices.data")}`, headers, 3, 1)
        : null;
      rows.push({ scenario, loaded, alone, dataAlone });
      log(
        `[bench:prices] ${label} ${scenario.name}: ${loaded.perSecond.toFixed(0)}/s p95 ${loaded.p95.toFixed(0)} ms (alone p50 ${alone.p50.toFixed(0)} ms)`,
      );
    }
  } finally {
    await web.stop();
  }
  return rows;
}

/** Statistics up to date and the load's dirty pages written out before anything is measured. */
async function settle(client: pg.Client) {
  await client.query("VACUUM ANALYZE");
  await client.query("CHECKPOINT");
}

async function explain(client: pg.Client, name: string, statement: string, values: unknown[]): Promise<Plan> {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, values);
  const lines = rows.map((row) => row["QUERY PLAN"]);
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
  return { name, ms, plan: lines.join("\n") };
}

/** The page's and the API's statements, as the app sends them (Prisma's, written out here), on the busiest product and town. */
async function pagePlans(client: pg.Client, busy: Busiest, now: Date): Promise<Plan[]> {
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  const since = new Date(thisWeek.getTime() - (PRICE_PAGE_WEEKS - 1) * 7 * DAY_MS);
  const popularSince = new Date(thisWeek.getTime() - 3 * 7 * DAY_MS);
  return [
    await explain(
      client,
      "pricesOfProduct: the product's figures (productPrices)",
      `SELECT "productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn", count, trades, outliers, "computedAt"
       FROM "PriceFigure" WHERE "productId" = $1 AND week >= $2 AND week <= $3
       ORDER BY town ASC, week ASC OFFSET 0`,
      [busy.productId, new Date(since.getTime() - 4 * 7 * DAY_MS), thisWeek],
    ),
    await explain(
      client,
      "popularPriceProducts (/prices before a search)",
      `SELECT p.id, p.name, p.unit
       FROM (SELECT "productId", count(DISTINCT town) AS towns FROM "PriceFigure"
             WHERE week >= $1::date GROUP BY "productId") f
       JOIN "Product" p ON p.id = f."productId" AND p."isActive"
       ORDER BY f.towns DESC, p.name ASC
       LIMIT 12`,
      [popularSince],
    ),
    await explain(
      client,
      "usualRange (GET /api/prices/usual)",
      `SELECT "priceNgn", source FROM "PriceEvent"
       WHERE "productId" = $1 AND town = $2 AND at >= $3 AND at <= $4
       ORDER BY at DESC LIMIT 2000 OFFSET 0`,
      [busy.productId, busy.town, new Date(now.getTime() - USUAL_RANGE_DAYS * DAY_MS), now],
    ),
  ];
}

/**
 * The figures job's own statements with the grown market's stale weeks waiting: taking a batch
 * (its subquery, without the lock), and reading that batch's events (refreshWeeks).
 */
async function jobPlans(client: pg.Client): Promise<Plan[]> {
  const batch = `SELECT "productId", town, week FROM "PriceFigureStale" ORDER BY since LIMIT ${JOB_BATCH}`;
  const { rows } = await client.query<{ productId: string; town: string; week: string }>(
    `SELECT "productId", town, week::text AS week FROM (${batch}) taken`,
  );
  if (rows.length === 0) return [];
  return [
    await explain(client, "refreshPriceFigures: taking a batch of stale weeks", batch, []),
    await explain(
      client,
      `refreshPriceFigures: the events of a batch's ${rows.length} weeks`,
      `SELECT k."productId", k.town, k.week, e."priceNgn"::text AS price, e.source::text AS source
       FROM unnest($1::text[], $2::text[], $3::date[]) AS k("productId", town, week)
       JOIN "PriceEvent" e ON e."productId" = k."productId" AND e.town = k.town
         AND e.at >= k.week::timestamp - interval '1 hour' AND e.at < k.week::timestamp + interval '167 hours'`,
      [rows.map((row) => row.productId), rows.map((row) => row.town), rows.map((row) => row.week)],
    ),
  ];
}

async function countFigures(client: pg.Client) {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "PriceFigure"`);
  return rows[0]!.n;
}

/**
 * The benchmark (see the head of this file): answers the report and whether every request
 * answered 2xx. Call it in a process of its own, before anything has loaded the app's modules.
 */
export async function runPricesBench(options: PricesBenchOptions) {
  const log = options.log ?? console.log;
  const database = benchSetting("bench_prices", "[bench:prices]");
  const now = new Date();
  const pageSince = new Date(
    new Date(`${weekOf(now)}T00:00:00Z`).getTime() - (PRICE_PAGE_WEEKS - 1) * 7 * DAY_MS,
  ).toISOString();
  log(`[bench:prices] loading ${options.listings.toLocaleString("en")} listings into a database of its own`);
  await database.create();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const sizes: SizeResult[] = [];
  let plans: Plan[] = [];
  try {
    // The first size: the market as loadMarket makes it, then its price events.
    let started = performance.now();
    await loadMarket(client, { ...FULL_MARKET, listings: options.listings });
    const loadSeconds = seconds(started);
    const cookie = await readerCookie(client);
    started = performance.now();
    const first = await insertPriceEvents(client, 0, options.listings, now);
    await client.query("ANALYZE");
    const eventsSeconds = seconds(started);
    log(
      `[bench:prices] ${first.events.toLocaleString("en")} price events (${first.staleWeeks.toLocaleString("en")} stale weeks) in ${eventsSeconds.toFixed(0)} s; the figures job`,
    );
    const firstJob = await timeFiguresJob(first.events);
    log(`[bench:prices] the figures job: ${firstJob.weeks} weeks in ${firstJob.seconds.toFixed(1)} s`);
    await settle(client);
    const firstBusiest = await busiest(client, pageSince);
    sizes.push({
      listings: options.listings,
      ...first,
      loadSeconds,
      eventsSeconds,
      job: firstJob,
      figures: await countFigures(client),
      busiest: firstBusiest,
      loadAverage: os.loadavg()[0]!,
      rows: await measureAll(options, scenariosFor(firstBusiest), cookie, "first"),
    });

    // Grown: more listings on two connections (the machine's cores), then their price events.
    log(`[bench:prices] growing the market to ${options.grown.toLocaleString("en")} listings`);
    started = performance.now();
    const second = new pg.Client({ connectionString: database.url });
    await second.connect();
    try {
      const middle = Math.round((options.listings + options.grown) / 2);
      await Promise.all([
        appendListings(client, { ...FULL_MARKET, listings: middle }, options.listings),
        appendListings(second, { ...FULL_MARKET, listings: options.grown }, middle),
      ]);
    } finally {
      await second.end();
    }
    await client.query("ANALYZE");
    const grownLoadSeconds = seconds(started);
    started = performance.now();
    const grown = await insertPriceEvents(client, options.listings, options.grown, now);
    await client.query("ANALYZE");
    const grownEventsSeconds = seconds(started);
    log(
      `[bench:prices] ${grown.events.toLocaleString("en")} more price events (${grown.staleWeeks.toLocaleString("en")} stale weeks) in ${grownEventsSeconds.toFixed(0)} s; the figures job`,
    );
    const jobStatements = await jobPlans(client);
    const grownJob = await timeFiguresJob(grown.events);
    log(`[bench:prices] the figures job: ${grownJob.weeks} weeks in ${grownJob.seconds.toFixed(1)} s`);
    await settle(client);
    const grownBusiest = await busiest(client, pageSince);
    sizes.push({
      listings: options.grown,
      ...grown,
      loadSeconds: grownLoadSeconds,
      eventsSeconds: grownEventsSeconds,
      job: grownJob,
      figures: await countFigures(client),
      busiest: grownBusiest,
      loadAverage: os.loadavg()[0]!,
      rows: await measureAll(options, scenariosFor(grownBusiest), cookie, "grown"),
    });
    plans = [...(await pagePlans(client, grownBusiest, new Date())), ...jobStatements];
  } finally {
    await client.end();
  }
  const report = render(options, sizes, plans);
  writeReport("prices", "[bench:prices]", report);
  const { prisma } = await import("../../app/server/db.server");
  await prisma.$disconnect();
  if (!options.keep) await database.drop();
  return {
    report,
    failed: sizes.some((size) =>
      size.rows.some((row) => row.loaded.errors + row.alone.errors + (row.dataAlone?.errors ?? 0) > 0),
    ),
  };
}

function render(options: PricesBenchOptions, sizes: SizeResult[], plans: Plan[]) {
  const ms = (value: number) => value.toFixed(0);
  const count = (value: number) => value.toLocaleString("en");
  const perHundredThousand = (job: JobTiming) => (job.events > 0 ? (job.seconds / job.events) * 100_000 : 0);
  const misses: string[] = [];
  const table = sizes.flatMap((size) =>
    size.rows.map(({ scenario, loaded, alone, dataAlone }) => {
      const verdicts: string[] = [];
      if (loaded.requests === 0) verdicts.push(`no answer within ${options.duration} s`);
      else if (loaded.p95 >= P95_TARGET_MS) verdicts.push(`p95 ${ms(loaded.p95)} ≥ ${P95_TARGET_MS} ms`);
      if (loaded.errors > 0) verdicts.push(`${loaded.errors} errors`);
      if (verdicts.length > 0) misses.push(`${scenario.name} at ${count(size.listings)}: ${verdicts.join(", ")}`);
      return `| ${scenario.name} | ${count(size.listings)} | ${loaded.perSecond.toFixed(0)} | ${ms(loaded.p50)} | ${ms(loaded.p95)} | ${ms(loaded.p99)} | ${loaded.errors} | ${loaded.kbPerResponse.toFixed(1)} | ${ms(alone.p50)} | ${dataAlone ? ms(dataAlone.p50) : ""} | ${verdicts.length ? `**missed** (${verdicts.join(", ")})` : "met"} |`;
    }),
  );
  const [first, grown] = sizes;
  return [
    `# Market prices benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${describeMachine()}. The benchmark market (scripts/bench/market.ts: ${count(FULL_MARKET.products)} products, ${count(FULL_MARKET.users)} users, listings around ${NIGERIAN_TOWNS.length} towns) at ${count(options.listings)} listings, then grown to ${count(options.grown)}. Each listing's price is a 'listed' price event in the town priceTown gives, at a moment in the last ${PRICE_PAGE_WEEKS} weeks; one listing in ${TRADE_SHARE} is also traded at 90-100% of it a few days later ('trade'). Written in bulk (INSERT ... SELECT), with their weeks marked stale as recordPrice marks them.`,
    "",
    "## Loading and the figures job",
    "",
    "| | listings | loading the listings | price events (trades) | writing the events and stale weeks | stale weeks | the figures job | job runs | per 100,000 events | per stale week | weekly figures after |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...sizes.map(
      (size, index) =>
        `| ${index === 0 ? "first load" : `grown by ${count(size.listings - options.listings)}`} | ${count(size.listings)} | ${size.loadSeconds.toFixed(0)} s | ${count(size.events)} (${count(size.trades)}) | ${size.eventsSeconds.toFixed(0)} s | ${count(size.staleWeeks)} | ${size.job.seconds.toFixed(1)} s | ${size.job.runs} | ${perHundredThousand(size.job).toFixed(1)} s | ${size.job.weeks > 0 ? ((size.job.seconds / size.job.weeks) * 1000).toFixed(2) : "-"} ms | ${count(size.figures)} |`,
    ),
    "",
    `The figures job is refreshPriceFigures() as the maintenance queue calls it (every 5 minutes, at most ${count(WEEKS_PER_JOB_RUN)} weeks a run), called again until no stale week was left; at the grown size it works out only the weeks the new events made stale (incremental). 'Per 100,000 events' is its time divided by the new events. Loading the grown market's listings runs on two connections.`,
    "",
    "## The page and the API",
    "",
    `autocannon, ${options.connections} connections, ${options.duration} s per line after a 2 s warm-up, the same address repeated, compressed answers accepted, signed in; 'alone' is the p50 of one connection for 3 s (the answer's own time, without queueing), and for a page 'data only' the same for its loaders' data (\`/prices.data?…\`, no HTML). The web server runs as \`npm start\` runs it (production build, one process); load generator, server and PostgreSQL share the machine's cores. Target: p95 under ${P95_TARGET_MS} ms, for the page and for the API; with ${options.connections} connections always waiting, that takes at least ${Math.ceil(options.connections / (P95_TARGET_MS / 1000))} answers a second.`,
    "",
    ...sizes.map(
      (size) =>
        `- At ${count(size.listings)} listings the busiest product is ${size.busiest.productId} (${size.busiest.productName}: ${count(size.busiest.productFigures)} weekly figures in the page's ${PRICE_PAGE_WEEKS} weeks), its busiest town ${size.busiest.town} (${size.busiest.townWeeks} weeks). The machine's load average just before: ${size.loadAverage.toFixed(1)}.`,
    ),
    "",
    "| address | listings | requests/s | p50 ms | p95 ms | p99 ms | errors | KB per answer | alone p50 ms | alone, data only, p50 ms | target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...table,
    "",
    misses.length ? `Missed: ${misses.join("; ")}.` : "Every target met.",
    "",
    `## Query plans at ${count(grown?.listings ?? first?.listings ?? 0)} listings (EXPLAIN (ANALYZE, BUFFERS), warm cache)`,
    "",
    "| statement | ms |",
    "|---|---:|",
    ...plans.map((plan) => `| ${plan.name} | ${plan.ms.toFixed(2)} |`),
    "",
    ...plans.flatMap((plan) => [`### ${plan.name}`, "", "```", plan.plan, "```", ""]),
  ].join("\n");
}

async function main() {
  const { failed } = await runPricesBench({
    duration: argument("duration", 10),
    connections: argument("connections", 50),
    listings: argument("listings", FULL_MARKET.listings),
    grown: argument("grown", 1_000_000),
    keep: process.argv.includes("--keep"),
  });
  if (failed) process.exitCode = 1;
}

if (process.argv[1]?.endsWith("prices.ts")) runBenchmark("[bench:prices]", main);
