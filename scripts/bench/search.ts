// npm run bench:search [-- --listings 100000 --grown 1000000 --requests 2000 --seconds 20 --writes 10 --keep]
// Both search engines in one run, on the same market: PostgreSQL (the embedded backend) and a real
// Meilisearch (the pinned build scripts/meilisearch.ts checks and starts on loopback). The market
// (market.ts: our catalogue's products in grades, Nigerian towns, prices near each product's usual
// price) is loaded into a database of its own with --listings listings, then grown to --grown. At
// each size, for each engine:
// - indexing: every document written into the engine from the tables, as `npm run search:reindex`
//   does (read 2,000 at a time; Meilisearch is sent batches ahead, which it merges), timed: documents a second;
// - searching: GET /api/search for a word, a typo and a radius, and the marketplace's word search
//   (GET /api/market/listings?search=...), 50 connections, every request searching (the hot-query
//   cache off), then the word again with the cache as configured by default;
// - write to found: a seller adds a listing (POST /api/market/listings) with a word of its own, and
//   a buyer searches for that word every 20 ms until it is found, with the worker processes running
//   as `npm start` runs them; one write at a time, --writes times.
// The web server and the workers run compiled, as `npm start` runs them, each in a process of its
// own; the load comes from this one, on the same cores. Prints the tables and writes them to
// bench/results/. Asserts nothing.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { meilisearchBinary, startMeilisearch, type RunningMeilisearch } from "../meilisearch";
import {
  argument,
  benchSessionCookie,
  benchSetting,
  describeMachine,
  root,
  runBenchmark,
  startProcess,
  startWebServer,
  writeReport,
} from "./bench-env";
import { load, percentile, summarise, type Measured } from "./load";
import { appendListings, benchSellerId, benchUserId, FULL_MARKET, loadMarket } from "./market";

const LISTINGS = argument("listings", FULL_MARKET.listings);
const GROWN = argument("grown", 1_000_000);
const REQUESTS = argument("requests", 2_000);
const SECONDS = argument("seconds", 20);
const WRITES = argument("writes", 10);
const CONCURRENCY = 50;
const BATCH = 2_000;
const keep = process.argv.includes("--keep");

if (!existsSync(path.join(root, "build/server/index.js")) || !existsSync(path.join(root, "build/node/server.js"))) {
  console.error("bench:search serves the production build: run `npm run build` first");
  process.exit(2);
}

const label = "[bench:search]";
const database = benchSetting("bench_search", label);

type Engine = { name: "PostgreSQL" | "Meilisearch"; env: Record<string, string> };

interface SearchRow {
  size: number;
  engine: Engine["name"];
  query: string;
  via: string;
  found: number;
  /** Answers other than 200 (the server refusing what it could not answer in time). */
  failed: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}
interface IndexRow {
  size: number;
  engine: Engine["name"];
  documents: number;
  seconds: number;
}
interface WriteRow {
  size: number;
  engine: Engine["name"];
  delays: number[];
}

// One keep-alive connection per concurrent client, as a browser keeps one: node:http costs the
// load generator (which shares the machine's cores with the server) less than fetch.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET, its body read to the end: its status (a refusal under load is counted, not fatal). */
function get(base: string, pathAndQuery: string, cookie: string): Promise<number> {
  const url = new URL(pathAndQuery, base);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** How many a search or listing answer found (checked once per line: a real answer, not an error). */
async function countFound(base: string, pathAndQuery: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}${pathAndQuery}`, { headers: { cookie } });
  const body = (await response.json()) as { data?: { total?: number } };
  if (!response.ok || typeof body.data?.total !== "number")
    throw new Error(`${pathAndQuery}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.total;
}

const ibadan = { lat: 7.3775, lng: 3.947 };
const scenarios = [
  { name: "word ('maize')", path: "/api/search?q=maize&types=listing&limit=50" },
  { name: "typo ('casava')", path: "/api/search?q=casava&types=listing&limit=50" },
  {
    name: "radius (25 km of Ibadan)",
    path: `/api/search?types=listing&lat=${ibadan.lat}&lng=${ibadan.lng}&radius_km=25&limit=50`,
  },
  { name: "marketplace word search ('maize')", path: "/api/market/listings?search=maize&limit=50" },
];

/** Every document written into the engine from the tables; the time it took. */
async function indexInto(engine: Engine, size: number): Promise<IndexRow> {
  const { reindexAll } = await import("../../app/modules/search/indexing.server");
  const backend = await engineBackend(engine);
  console.log(`${label} ${size.toLocaleString("en")} listings: indexing into ${engine.name}`);
  const started = performance.now();
  const counts = await reindexAll(backend, BATCH);
  const seconds = (performance.now() - started) / 1000;
  const documents = counts.listing + counts.product + counts.farm;
  console.log(`${label}   ${documents.toLocaleString("en")} documents in ${seconds.toFixed(0)} s`);
  return { size, engine: engine.name, documents, seconds };
}

async function engineBackend(engine: Engine) {
  if (engine.name === "PostgreSQL") {
    const { createPostgresBackend } = await import("../../app/modules/search/postgres.server");
    return createPostgresBackend();
  }
  const { createMeilisearchBackend } = await import("../../app/modules/search/meilisearch.server");
  const { meilisearchSynonyms } = await import("../../search/synonyms");
  return createMeilisearchBackend({
    host: engine.env.MEILI_HOST!,
    apiKey: engine.env.MEILI_MASTER_KEY!,
    synonyms: meilisearchSynonyms(),
    // A batch into an index of a million documents can take longer than a minute on two cores.
    taskTimeoutMs: 600_000,
  });
}

/** The four searches under load, every request searching; then the word with the default cache. */
async function measureSearches(engine: Engine, size: number, cookie: string): Promise<SearchRow[]> {
  const rows: SearchRow[] = [];
  const measureLine = async (base: string, scenario: (typeof scenarios)[number], via: string) => {
    const found = await countFound(base, scenario.path, cookie);
    let failed = 0;
    const measured: Measured = await load(
      REQUESTS,
      CONCURRENCY,
      async () => {
        if ((await get(base, scenario.path, cookie)) !== 200) failed += 1;
      },
      SECONDS * 1000,
    );
    const row = { size, engine: engine.name, query: scenario.name, via, found, failed, ...summarise(measured) };
    console.log(
      `${label}   ${engine.name} ${scenario.name}, ${via}: ${row.perSecond.toFixed(0)}/s p95 ${row.p95.toFixed(0)} ms, ${failed} refused`,
    );
    rows.push(row);
  };
  const uncached = await startWebServer({ ...engine.env, SEARCH_CACHE_ENTRIES: "0" });
  try {
    for (const scenario of scenarios) await measureLine(uncached.base, scenario, "cache off");
  } finally {
    await uncached.stop();
  }
  const cached = await startWebServer(engine.env);
  try {
    await measureLine(cached.base, scenarios[0]!, "hot-query cache (default)");
  } finally {
    await cached.stop();
  }
  return rows;
}

/** A listing's write until a search finds it, one write at a time, with the workers running. */
async function measureWriteToFound(engine: Engine, size: number, seller: string, buyer: string): Promise<WriteRow> {
  const web = await startWebServer(engine.env);
  const workers = startProcess("build/node/workers.js", engine.env);
  const delays: number[] = [];
  try {
    // The first write (not counted) waits for the workers to have started.
    for (let index = -1; index < WRITES; index += 1) {
      // A word no listing has: letters only, so both engines take it as one word.
      const word = `zq${randomBytes(6)
        .toString("hex")
        .replace(/[0-9]/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
      const response = await fetch(`${web.base}/api/market/listings`, {
        method: "POST",
        headers: { cookie: seller, "content-type": "application/json" },
        body: JSON.stringify({
          productId: null,
          title: `Benchmark sample ${word}`,
          priceNgn: "2500.00",
          quantity: 10,
          condition: "new",
          images: ["/images/products/maize.svg"],
          latitude: String(ibadan.lat),
          longitude: String(ibadan.lng),
          locality: "Ibadan, Oyo",
          status: "active",
        }),
      });
      if (response.status !== 201) throw new Error(`a listing's write: ${response.status} ${await response.text()}`);
      const written = performance.now();
      for (;;) {
        if ((await countFound(web.base, `/api/search?q=${word}&types=listing&limit=5`, buyer)) > 0) break;
        if (performance.now() - written > 120_000) throw new Error(`${word}: not found within 2 minutes of its write`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (index >= 0) delays.push(performance.now() - written);
    }
  } finally {
    await workers.stop();
    await web.stop();
  }
  const sorted = [...delays].sort((a, b) => a - b);
  console.log(
    `${label}   ${engine.name} write to found: p50 ${percentile(sorted, 50).toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms`,
  );
  return { size, engine: engine.name, delays };
}

const count = (n: number) => n.toLocaleString("en");

function report(
  searches: SearchRow[],
  indexing: IndexRow[],
  writes: WriteRow[],
  versions: { postgres: string; meilisearch: string },
) {
  const searchTable = [
    "| listings | engine | query | via | found | requests | refused | p50 ms | p95 ms | p99 ms | per second |",
    "|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...searches.map(
      (r) =>
        `| ${count(r.size)} | ${r.engine} | ${r.query} | ${r.via} | ${count(r.found)} | ${r.requests} | ${r.failed} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} |`,
    ),
  ];
  const indexTable = [
    "| listings | engine | documents | seconds | documents per second |",
    "|---:|---|---:|---:|---:|",
    ...indexing.map(
      (r) =>
        `| ${count(r.size)} | ${r.engine} | ${count(r.documents)} | ${r.seconds.toFixed(1)} | ${count(Math.round(r.documents / r.seconds))} |`,
    ),
  ];
  const writeTable = [
    "| listings | engine | writes | p50 ms | p95 ms | slowest ms |",
    "|---:|---|---:|---:|---:|---:|",
    ...writes.map((r) => {
      const sorted = [...r.delays].sort((a, b) => a - b);
      return `| ${count(r.size)} | ${r.engine} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${(sorted.at(-1) ?? 0).toFixed(0)} |`;
    }),
  ];
  return [
    `# Search benchmark, both engines, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${describeMachine()}. PostgreSQL ${versions.postgres} (the embedded backend) and Meilisearch ${versions.meilisearch} (the pinned build, on loopback, 1 indexing thread and 512 MiB for indexing, as npm test starts it), on the same market at ${count(LISTINGS)} listings and grown to ${count(GROWN)}.`,
    "The web server and the workers run compiled, as `npm start` runs them, each in a process of its own; the load comes from this one (node:http, keep-alive, gzip accepted), on the same two cores as PostgreSQL and Meilisearch.",
    `Searching: ${CONCURRENCY} connections, the same request repeated, up to ${count(REQUESTS)} requests or ${SECONDS} s a line; 'refused': answers other than 200 (the server's time limits refusing what it could not answer in time), timed with the rest. 'cache off': every request searches (SEARCH_CACHE_ENTRIES=0); 'hot-query cache': the default, answers kept until the index changes.`,
    "",
    "## Searching",
    "",
    ...searchTable,
    "",
    "## Indexing (every document from the tables, as `npm run search:reindex`: read 2,000 at a time; PostgreSQL writes each batch, Meilisearch is sent up to ten ahead, which it merges)",
    "",
    ...indexTable,
    "",
    "## From a listing's write to being found",
    "",
    `A seller's POST /api/market/listings answered, then a buyer's GET /api/search for the listing's own word every 20 ms until found (the write's outbox row, the indexing job on the workers, the engine's own indexing): one write at a time, after one write not counted (the workers starting).`,
    "",
    ...writeTable,
    "",
  ].join("\n");
}

async function main() {
  const started = Date.now();
  console.log(`${label} a database of its own, ${count(LISTINGS)} listings`);
  await database.create();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: shown } = await client.query<{ server_version: string }>("SHOW server_version");
  const postgresVersion = shown[0]?.server_version.split(" ")[0] ?? "?";
  await loadMarket(client, { ...FULL_MARKET, listings: LISTINGS });
  console.log(`${label} loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const binary = await meilisearchBinary((line) => console.log(`${label} ${line}`));
  if ("unavailable" in binary) throw new Error(`Meilisearch cannot run here: ${binary.unavailable}`);
  const meili: RunningMeilisearch = await startMeilisearch(binary.path);
  const meiliVersion = await fetch(`${meili.url}/version`, { headers: { authorization: `Bearer ${meili.masterKey}` } })
    .then((response) => response.json() as Promise<{ pkgVersion?: string }>)
    .then((body) => body.pkgVersion ?? "?");
  const engines: Engine[] = [
    { name: "PostgreSQL", env: {} },
    { name: "Meilisearch", env: { MEILI_HOST: meili.url, MEILI_MASTER_KEY: meili.masterKey } },
  ];

  const seller = await benchSessionCookie(client, benchSellerId(0));
  const buyer = await benchSessionCookie(client, benchUserId(1));
  const searches: SearchRow[] = [];
  const indexing: IndexRow[] = [];
  const writes: WriteRow[] = [];
  try {
    for (const size of [LISTINGS, GROWN]) {
      if (size !== LISTINGS) {
        console.log(`${label} growing the market to ${count(size)} listings`);
        await appendListings(client, { ...FULL_MARKET, listings: size }, LISTINGS);
      }
      for (const engine of engines) {
        indexing.push(await indexInto(engine, size));
        // Statistics and visibility maps up to date, the load's pages written out.
        await client.query("VACUUM ANALYZE");
        await client.query("CHECKPOINT");
        searches.push(...(await measureSearches(engine, size, buyer)));
        writes.push(await measureWriteToFound(engine, size, seller, buyer));
      }
      // Each engine's documents were made from the same tables; the next size starts empty.
    }
  } finally {
    await meili.stop();
    await client.end();
  }
  writeReport(
    "search",
    label,
    report(searches, indexing, writes, { postgres: postgresVersion, meilisearch: meiliVersion }),
  );
  if (!keep) await database.drop();
}

runBenchmark(label, main);
