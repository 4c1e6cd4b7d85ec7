// npm run bench:search [-- --listings 100000 --requests 2000 --keep]
// Loads a realistic marketplace (our catalogue's products, Nigerian towns, prices around each
// product's usual price) into a database of its own, indexes it in the PostgreSQL search
// backend, serves it with the production build, and measures GET /api/search under 50
// concurrent connections for a word query, a typo query and a radius query, next to the same
// SQL run directly with pg. Prints the table and writes it to bench/results/. Asserts nothing.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { argument, benchSetting, describeMachine, root, runBenchmark, startWebServer, writeReport } from "./bench-env";
import { load, summarise, type Measured } from "./load";

const LISTINGS = argument("listings", 100_000);
const REQUESTS = argument("requests", 2_000);
const CONCURRENCY = 50;
const keep = process.argv.includes("--keep");

if (!existsSync(path.join(root, "build/server/index.js")) || !existsSync(path.join(root, "build/node/server.js"))) {
  console.error("bench:search serves the production build: run `npm run build` first");
  process.exit(2);
}

const benchDb = "asiiko_bench_search";
const database = benchSetting("bench_search", "bench:search");

function row(name: string, via: string, measured: Measured) {
  return { query: name, via, ...summarise(measured) };
}

// One keep-alive connection per concurrent client, as a browser keeps one: node:http costs the
// load generator (which shares the machine's two cores with the server) less than fetch.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET, its body read to the end; anything but 200 fails the run. */
function get(base: string, pathAndQuery: string, cookie: string): Promise<void> {
  const url = new URL(pathAndQuery, base);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, "accept-encoding": "gzip" } }, (response) => {
      response.resume();
      response.on("end", () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`${pathAndQuery}: ${response.statusCode}`)),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** A seeded-random number generator, so every run loads the same market. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function loadMarket(client: pg.Client) {
  const { SEED_PRODUCTS } = await import("../../prisma/seed-data");
  const { NIGERIAN_TOWNS } = await import("../../app/modules/listings/towns");
  const random = randomSource(2026);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  const sellers = 2_000;
  for (let start = 0; start < sellers; start += 1_000) {
    const ids = Array.from({ length: Math.min(1_000, sellers - start) }, (_, index) => `bench_seller_${start + index}`);
    await client.query(
      `INSERT INTO "User" (id, username, "passwordHash", "firstName", "lastName", "updatedAt")
       SELECT id, id, 'x', 'Seller', 'Bench', now() FROM unnest($1::text[]) AS id`,
      [ids],
    );
  }
  for (const product of SEED_PRODUCTS) {
    await client.query(
      `INSERT INTO "Product" (id, name, description, categories, unit, images, "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, now())`,
      [product.id, product.name, product.description, product.categories, product.unit, [product.image]],
    );
  }
  const conditions = ["new", "used_like_new", "used_good", "used_fair"];
  for (let start = 0; start < LISTINGS; start += 5_000) {
    const count = Math.min(5_000, LISTINGS - start);
    const columns = {
      id: [] as string[],
      product: [] as string[],
      seller: [] as string[],
      price: [] as string[],
      quantity: [] as number[],
      condition: [] as string[],
      status: [] as string[],
      lat: [] as number[],
      lng: [] as number[],
      locality: [] as string[],
      created: [] as string[],
    };
    for (let index = 0; index < count; index += 1) {
      const product = pick(SEED_PRODUCTS);
      const town = pick(NIGERIAN_TOWNS);
      const roll = random();
      columns.id.push(`bench_listing_${start + index}`);
      columns.product.push(product.id);
      columns.seller.push(`bench_seller_${Math.floor(random() * sellers)}`);
      columns.price.push((Math.round((product.basePriceNgn * (0.7 + random() * 0.6)) / 50) * 50).toFixed(2));
      columns.quantity.push(1 + Math.floor(random() * 200));
      columns.condition.push(product.usedConditions ? pick(conditions) : "new");
      columns.status.push(roll < 0.9 ? "active" : roll < 0.95 ? "sold" : "paused");
      // Within a few kilometres of the town's centre.
      columns.lat.push(town.latitude + (random() - 0.5) * 0.08);
      columns.lng.push(town.longitude + (random() - 0.5) * 0.08);
      columns.locality.push(`${town.name}, ${town.state}`);
      columns.created.push(new Date(Date.UTC(2026, 8, 1) + random() * 80 * 86_400_000).toISOString());
    }
    await client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, latitude, longitude, locality, "createdAt", "updatedAt")
       SELECT id, product, seller, price::numeric, quantity, condition::"ListingCondition", status::"ListingStatus", '{}', lat, lng, locality, created::timestamp, created::timestamp
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::float8[], $9::float8[], $10::text[], $11::text[])
         AS t(id, product, seller, price, quantity, condition, status, lat, lng, locality, created)`,
      [
        columns.id,
        columns.product,
        columns.seller,
        columns.price,
        columns.quantity,
        columns.condition,
        columns.status,
        columns.lat,
        columns.lng,
        columns.locality,
        columns.created,
      ],
    );
  }
}

async function main() {
  const started = Date.now();
  console.log(`[bench:search] a database of its own (${benchDb}), ${LISTINGS.toLocaleString("en")} listings`);
  await database.create();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await loadMarket(client);
  const { reindexAll, searchBackend } = await import("../../app/modules/search/indexing.server");
  const { searchStatements } = await import("../../app/modules/search/postgres.server");
  const indexed = await reindexAll(searchBackend(), 2_000);
  await client.query("VACUUM ANALYZE");
  console.log(
    `[bench:search] loaded and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${indexed.listing} listings, ${indexed.product} products`,
  );

  // A buyer's session, minted as the app mints them.
  const { sessionCookie } = await import("../../app/modules/auth/session.server");
  await client.query(
    `INSERT INTO "User" (id, username, "passwordHash", "firstName", "lastName", "updatedAt") VALUES ('bench_buyer', 'bench_buyer', 'x', 'Buyer', 'Bench', now())`,
  );
  const sessionId = `bench_session_${randomBytes(8).toString("hex")}`;
  await client.query(
    `INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, 'bench_buyer', now() + interval '1 day')`,
    [sessionId],
  );
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0]!;

  const ibadan = { lat: 7.3775, lng: 3.947 };
  const scenarios = [
    { name: "word ('maize')", path: "/api/search?q=maize&types=listing&limit=50", query: { text: "maize" } },
    { name: "typo ('casava')", path: "/api/search?q=casava&types=listing&limit=50", query: { text: "casava" } },
    {
      name: "radius (25 km of Ibadan)",
      path: `/api/search?types=listing&lat=${ibadan.lat}&lng=${ibadan.lng}&radius_km=25&limit=50`,
      query: { text: "", near: { ...ibadan, radiusKm: 25 } },
    },
  ];

  // Every request searching (the cache off), then as configured by default (hot answers kept
  // until the index changes), then the backend's own SQL straight through pg.
  const measured = new Map<string, ReturnType<typeof row>[]>();
  for (const [cacheEntries, via] of [
    [0, "GET /api/search, cache off"],
    [300, "GET /api/search, hot-query cache (default)"],
  ] as const) {
    const web = await startWebServer({ SEARCH_CACHE_ENTRIES: String(cacheEntries) });
    try {
      for (const scenario of scenarios) {
        // Warm the path, and check the answer is a real one.
        const first = await fetch(`${web.base}${scenario.path}`, { headers: { cookie } });
        const body = (await first.json()) as { data?: { total: number } };
        if (!first.ok || !body.data)
          throw new Error(`${scenario.path}: ${first.status} ${JSON.stringify(body).slice(0, 200)}`);
        const http = await load(REQUESTS, CONCURRENCY, () => get(web.base, scenario.path, cookie));
        measured.set(scenario.name, [
          ...(measured.get(scenario.name) ?? []),
          row(scenario.name, `${via} (${body.data.total} found)`, http),
        ]);
      }
      if (cacheEntries > 0) {
        // For scale: what the same server answers for a request that searches nothing (its
        // health check, which pings PostgreSQL and Redis), under the same load.
        const floor = await load(REQUESTS, CONCURRENCY, () => get(web.base, "/api/health", cookie));
        measured.set("floor", [row("no search (the server's floor)", "GET /api/health", floor)]);
      }
    } finally {
      await web.stop();
    }
  }

  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  for (const scenario of scenarios) {
    const statements = searchStatements({ types: ["listing"], viewerId: "bench_buyer", limit: 50, ...scenario.query });
    const exact = { text: statements.exact.text, values: statements.exact.values };
    const typo = statements.typo ? { text: statements.typo.text, values: statements.typo.values } : null;
    const direct = await load(REQUESTS, CONCURRENCY, async () => {
      const answer = await pool.query(exact.text, exact.values as unknown[]);
      // The same fallback the backend makes when exact words find too little.
      if (typo && answer.rowCount !== null && answer.rowCount < 3)
        await pool.query(typo.text, typo.values as unknown[]);
    });
    measured.get(scenario.name)!.push(row(scenario.name, "the same SQL with pg", direct));
  }
  await pool.end();
  const rows = [...measured.values()].flat();
  await client.end();

  const table = [
    "| query | via | requests | p50 ms | p95 ms | p99 ms | per second |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.query} | ${r.via} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} |`,
    ),
  ].join("\n");
  const machine = describeMachine();
  const report = [
    `# Search benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${LISTINGS.toLocaleString("en")} listings, PostgreSQL backend, ${CONCURRENCY} concurrent connections, ${REQUESTS} requests per line, the same query repeated. ${machine}.`,
    "The web server runs as `npm start` runs it (server.ts, production build), in its own process; the load comes from this one (node:http, keep-alive, gzip accepted), on the same two cores.",
    "'cache off': every request runs the search (SEARCH_CACHE_ENTRIES=0). 'hot-query cache': the default, answers kept until the index changes.",
    "Target: p95 under 50 ms, and /api/search at least half the direct SQL's throughput.",
    "",
    table,
    "",
  ].join("\n");
  writeReport("search", "[bench:search]", report);
  if (!keep) await database.drop();
}

runBenchmark("[bench:search]", main);
