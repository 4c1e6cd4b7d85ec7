// npm run bench [-- --duration 10 --connections 50 --reuse --keep --skip-prices]
// The server benchmark. Loads a large market (100,000 listings, 2,000 products, 20,000 users,
// 5,000 farms) into a database of its own, indexes it for search, serves it with the production
// build as `npm start` does, and measures each address with autocannon (50 connections, 10 s
// each after a warm-up): the listing queries of the marketplace and My Listings, search,
// products and the server-rendered /marketplace. In the same run a bare node:http server does
// the same database work straight through `pg` (direct-server.ts), so the table shows what our
// layers cost. Writes the table, the targets met or missed, and the query plans to
// bench/results/server-<date>.md. Then the market prices benchmark (prices.ts: /prices and the
// prices API at 100,000 and 1,000,000 listings, and the figures job) runs with the same duration
// and connections, writing bench/results/prices-<date>.md. It fails (exit 1) only when a request fails.
//   --reuse        keeps a market loaded by an earlier run (--keep) instead of loading it again.
//   --skip-prices  leaves the market prices benchmark out.
import { spawn } from "node:child_process";
import type pg from "pg";
import {
  argument,
  benchSessionCookie,
  benchSetting,
  describeMachine,
  freePort,
  root,
  runBenchmark,
  startProcess,
  startWebServer,
  waitForAnswer,
  writeReport,
} from "./bench-env";
import { benchSellerId, benchUserId, FULL_MARKET, openFullMarket } from "./market";
import { measureAddress, type AddressMeasured } from "./autocannon-measure";

const DURATION = argument("duration", 10);
const CONNECTIONS = argument("connections", 50);
const keep = process.argv.includes("--keep");
const reuse = process.argv.includes("--reuse");
const skipPrices = process.argv.includes("--skip-prices");

const database = benchSetting("bench", "bench");

const BUYER = benchUserId(1);
const SELLER = benchSellerId(7);
const ikeja = { lat: 6.6018, lng: 3.3515 };

interface Scenario {
  name: string;
  path: string;
  as: "buyer" | "seller";
  /** p95 target in milliseconds. */
  p95: number;
  /** Whether the throughput must be at least half the direct server's. */
  halfOfDirect: boolean;
}

const scenarios: Scenario[] = [
  { name: "listings: default page", path: "/api/market/listings?limit=50", as: "buyer", p95: 50, halfOfDirect: true },
  {
    name: "listings: category + price",
    path: `/api/market/listings?categories=${encodeURIComponent("Livestock & Poultry")}&price_min=5000&price_max=20000&limit=50`,
    as: "buyer",
    p95: 50,
    halfOfDirect: true,
  },
  {
    name: "listings: search word",
    path: "/api/market/listings?search=maize&limit=50",
    as: "buyer",
    p95: 50,
    halfOfDirect: true,
  },
  {
    name: "listings: near me, 50 km, by distance",
    path: `/api/market/listings?lat=${ikeja.lat}&lng=${ikeja.lng}&radius_km=50&sort=distance&limit=50`,
    as: "buyer",
    p95: 50,
    halfOfDirect: true,
  },
  {
    name: "listings: a seller's own",
    path: `/api/market/listings?seller_id=${SELLER}&limit=50`,
    as: "seller",
    p95: 50,
    halfOfDirect: true,
  },
  {
    name: "search: word",
    path: "/api/search?q=maize&types=product,listing&limit=20",
    as: "buyer",
    p95: 50,
    halfOfDirect: false,
  },
  { name: "products", path: "/api/products?limit=50", as: "buyer", p95: 50, halfOfDirect: false },
  { name: "/marketplace (server-rendered HTML)", path: "/marketplace", as: "buyer", p95: 150, halfOfDirect: false },
];

type Measured = AddressMeasured;

/** autocannon for DURATION seconds (or `duration`) against one address. */
const measure = (url: string, headers: Record<string, string>, duration = DURATION) =>
  measureAddress(url, headers, { duration, connections: CONNECTIONS });

async function main() {
  const client = await openFullMarket(database, { reuse, label: "[bench]" });

  // Sessions minted as the app mints them.
  const cookies: Record<Scenario["as"], string> = {
    buyer: await benchSessionCookie(client, BUYER),
    seller: await benchSessionCookie(client, SELLER),
  };

  const web = await startWebServer();
  const directPort = await freePort();
  const direct = startProcess("scripts/bench/direct-server.ts", { PORT: String(directPort), BENCH_VIEWER: BUYER });
  const directBase = `http://127.0.0.1:${directPort}`;
  const rows: { scenario: Scenario; ours: Measured; direct: Measured }[] = [];
  try {
    await waitForAnswer(`${directBase}/health`);
    for (const scenario of scenarios) {
      const headers = {
        cookie: cookies[scenario.as],
        "accept-encoding": "gzip, deflate, br",
        "x-viewer": scenario.as === "buyer" ? BUYER : SELLER,
      };
      const check = await fetch(`${web.base}${scenario.path}`, { headers });
      if (!check.ok) throw new Error(`${scenario.path}: ${check.status} ${(await check.text()).slice(0, 300)}`);
      await measure(`${web.base}${scenario.path}`, headers, 2); // warm-up
      const ours = await measure(`${web.base}${scenario.path}`, headers);
      await measure(`${directBase}${scenario.path}`, headers, 2);
      const directly = await measure(`${directBase}${scenario.path}`, headers);
      rows.push({ scenario, ours, direct: directly });
      console.log(
        `[bench] ${scenario.name}: ${ours.perSecond.toFixed(0)}/s p95 ${ours.p95} ms (direct ${directly.perSecond.toFixed(0)}/s p95 ${directly.p95} ms)`,
      );
    }
  } finally {
    await web.stop();
    await direct.stop();
  }

  const plans = await queryPlans(client);
  await client.end();
  const report = render(rows, plans);
  writeReport("server", "[bench]", report);
  if (!keep) await database.drop();
  if (rows.some((row) => row.ours.errors > 0 || row.direct.errors > 0)) process.exitCode = 1;
  if (!skipPrices && (await runPrices()) !== 0) process.exitCode = 1;
}

/**
 * The market prices benchmark, in a process of its own: this process's app modules have read
 * this benchmark's database and session secret once, and that one has its own.
 */
async function runPrices() {
  const flags = ["--duration", String(DURATION), "--connections", String(CONNECTIONS), ...(keep ? ["--keep"] : [])];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/prices.ts", ...flags], {
    cwd: root,
    stdio: "inherit",
  });
  return new Promise<number | null>((resolve) => child.once("exit", resolve));
}

/** EXPLAIN ANALYZE of each listing scenario's statements at this size: the time each takes in PostgreSQL alone, and the slowest plan. */
async function queryPlans(client: pg.Client) {
  const { browseStatements } = await import("../../app/modules/listings/browse-sql.server");
  const { listingQuerySchema } = await import("../../app/modules/listings/schemas");
  const { listingWordsCondition } = await import("../../app/modules/search/postgres.server");
  const timed: { name: string; ms: number; plan: string }[] = [];
  for (const scenario of scenarios.filter((item) => item.path.startsWith("/api/market/listings"))) {
    const params = Object.fromEntries(new URL(scenario.path, "http://x").searchParams);
    const viewer = scenario.as === "buyer" ? BUYER : SELLER;
    const query = listingQuerySchema.parse(params);
    const statements = browseStatements(query, viewer, query.search ? listingWordsCondition(query.search) : null);
    for (const [part, statement] of [["page and count", statements.statement]] as const) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`,
        statement.values as unknown[],
      );
      const lines = rows.map((row: { "QUERY PLAN": string }) =>
        row["QUERY PLAN"].replace(/'\{[^}]{200,}\}'/g, "'{…}'"),
      );
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
      timed.push({ name: `${scenario.name} (${part})`, ms, plan: lines.join("\n") });
    }
  }
  return timed;
}

function render(
  rows: { scenario: Scenario; ours: Measured; direct: Measured }[],
  plans: { name: string; ms: number; plan: string }[],
) {
  const ms = (value: number) => value.toFixed(0);
  const misses: string[] = [];
  const table = rows.flatMap(({ scenario, ours, direct }) => {
    const verdicts: string[] = [];
    if (ours.p95 >= scenario.p95) verdicts.push(`p95 ${ms(ours.p95)} ≥ ${scenario.p95} ms`);
    if (scenario.halfOfDirect && ours.perSecond < direct.perSecond / 2)
      verdicts.push(`${((ours.perSecond / direct.perSecond) * 100).toFixed(0)}% of direct`);
    if (ours.errors > 0) verdicts.push(`${ours.errors} errors`);
    if (verdicts.length > 0) misses.push(`${scenario.name}: ${verdicts.join(", ")}`);
    const target = `p95 < ${scenario.p95} ms${scenario.halfOfDirect ? ", ≥ ½ direct" : ""}`;
    return [
      `| ${scenario.name} | ours | ${ours.perSecond.toFixed(0)} | ${ms(ours.p50)} | ${ms(ours.p95)} | ${ms(ours.p99)} | ${ours.errors} | ${ours.kbPerResponse.toFixed(1)} | ${target}: ${verdicts.length ? `**missed** (${verdicts.join(", ")})` : "met"} |`,
      `| | direct (pg, bare node:http) | ${direct.perSecond.toFixed(0)} | ${ms(direct.p50)} | ${ms(direct.p95)} | ${ms(direct.p99)} | ${direct.errors} | ${direct.kbPerResponse.toFixed(1)} | |`,
    ];
  });
  const slowest = [...plans].sort((a, b) => b.ms - a.ms)[0];
  return [
    `# Server benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${FULL_MARKET.listings.toLocaleString("en")} listings, ${FULL_MARKET.products.toLocaleString("en")} products, ${FULL_MARKET.users.toLocaleString("en")} users, ${FULL_MARKET.farms.toLocaleString("en")} farms; PostgreSQL search backend. ${describeMachine()}.`,
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s per line after a 2 s warm-up, the same address repeated, compressed answers accepted. The web server runs as \`npm start\` runs it (production build, its own process); 'direct' is a bare node:http server doing the same SQL through pg (scripts/bench/direct-server.ts). Load generator, servers and PostgreSQL share the machine's cores.`,
    "",
    "| address | via | requests/s | p50 ms | p95 ms | p99 ms | errors | KB per answer | target |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ...table,
    "",
    misses.length ? `Missed: ${misses.join("; ")}.` : "Every target met.",
    "",
    "## The listing statements in PostgreSQL alone (EXPLAIN ANALYZE, warm cache)",
    "",
    "| statement | ms |",
    "|---|---:|",
    ...plans.map((plan) => `| ${plan.name} | ${plan.ms.toFixed(2)} |`),
    "",
    ...(slowest ? [`The slowest, ${slowest.name}:`, "", "```", slowest.plan, "```", ""] : []),
  ].join("\n");
}

runBenchmark("[bench]", main);
