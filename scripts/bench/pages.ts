// npm run bench:pages [-- --duration 10 --connections 50 --reuse --keep --grown 1000000 --profile 10]
// The pages benchmark: server-rendered pages under a crowd, at 100,000 listings and again grown to
// 1,000,000. Each page is asked by 50 connections at once for DURATION seconds (autocannon, after
// a warm-up), signed in as a buyer (My Listings as a seller), compressed answers accepted, from
// the production build running as `npm start` runs it. In the same run, the floors: React
// rendering the marketplace's same 50 cards to a string and nothing else, and Express with Remix
// answering an empty page (scripts/bench/floor-server.tsx), so the table says our marketplace as
// a multiple of each. Then the web server again under --cpu-prof for the marketplace alone, and
// where its CPU went (scripts/bench/cpu-profile.ts). Writes bench/results/pages-<date>.md.
//   --reuse   keeps the 100,000-listing market of an earlier run (npm run bench -- --keep, or --keep here).
//   --grown   the second size (0 leaves it out).
//   --keep    keeps the database afterwards (grown, it is loaded again by the next --reuse).
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { measureAddress, type AddressMeasured } from "./autocannon-measure";
import {
  argument,
  benchSessionCookie,
  benchSetting,
  describeMachine,
  freePort,
  runBenchmark,
  startProcess,
  startWebServer,
  waitForAnswer,
  writeReport,
} from "./bench-env";
import { profileClock, readProfile, renderProfile, summariseProfile } from "./cpu-profile";
import { appendListings, benchSellerId, benchUserId, FULL_MARKET, openFullMarket } from "./market";

const DURATION = argument("duration", 10);
const CONNECTIONS = argument("connections", 50);
const GROWN = argument("grown", 1_000_000);
const PROFILE_SECONDS = argument("profile", 10);
const reuse = process.argv.includes("--reuse");
const keep = process.argv.includes("--keep");

/** The targets: pages per second (the marketplace only) and p95, ms. */
const MARKETPLACE_PER_SECOND = 200;
const P95_MS = 300;

const database = benchSetting("bench", "[bench:pages]");
const BUYER = benchUserId(1);
const SELLER = benchSellerId(7);

interface Page {
  name: string;
  path: string;
  as: "buyer" | "seller" | "floor";
}

const pages: Page[] = [
  { name: "/marketplace (50 cards)", path: "/marketplace", as: "buyer" },
  { name: "/dashboard", path: "/dashboard", as: "buyer" },
  { name: "/search (a word)", path: "/search?q=maize", as: "buyer" },
  { name: "/my-listings (a seller's)", path: "/my-listings", as: "seller" },
  { name: "/orders", path: "/orders", as: "buyer" },
  { name: "/prices", path: "/prices", as: "buyer" },
  { name: "a seller's page", path: `/sellers/${SELLER}`, as: "buyer" },
];
const floors: Page[] = [
  { name: "floor: React, the same 50 cards to a string", path: "/cards", as: "floor" },
  { name: "floor: Express + Remix, an empty page", path: "/", as: "floor" },
];

interface Row {
  page: Page;
  measured: AddressMeasured;
}

interface SizeResult {
  listings: number;
  rows: Row[];
}

/** Each page, then the floors, each after a warm-up. */
async function measureSize(cookies: Record<Page["as"], string>): Promise<Row[]> {
  const rows: Row[] = [];
  const web = await startWebServer();
  const floorPort = await freePort();
  const floor = startProcess("scripts/bench/floor-server.tsx", { PORT: String(floorPort), BENCH_VIEWER: BUYER });
  const floorBase = `http://127.0.0.1:${floorPort}`;
  try {
    await waitForAnswer(`${floorBase}/health`, 120_000);
    for (const page of [...pages, ...floors]) {
      const base = page.as === "floor" ? floorBase : web.base;
      const headers = { cookie: cookies[page.as], "accept-encoding": "gzip, deflate, br" };
      const check = await fetch(`${base}${page.path}`, { headers, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${page.path}: ${check.status} ${(await check.text()).slice(0, 300)}`);
      await measureAddress(`${base}${page.path}`, headers, { duration: 2, connections: CONNECTIONS });
      const measured = await measureAddress(`${base}${page.path}`, headers, {
        duration: DURATION,
        connections: CONNECTIONS,
      });
      rows.push({ page, measured });
      console.log(
        `[bench:pages] ${page.name}: ${measured.perSecond.toFixed(0)}/s p95 ${measured.p95.toFixed(0)} ms, ${measured.errors} errors`,
      );
    }
  } finally {
    await web.stop();
    await floor.stop();
  }
  return rows;
}

/** The marketplace under load again, the web server under --cpu-prof; the samples of the measured seconds only. */
async function profileMarketplace(cookie: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "asiiko-profile-"));
  try {
    const web = await startWebServer({}, ["--cpu-prof", `--cpu-prof-dir=${folder}`]);
    const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
    let measured: AddressMeasured;
    let from: number;
    let to: number;
    try {
      await measureAddress(`${web.base}/marketplace`, headers, { duration: 2, connections: CONNECTIONS });
      from = profileClock();
      measured = await measureAddress(`${web.base}/marketplace`, headers, {
        duration: PROFILE_SECONDS,
        connections: CONNECTIONS,
      });
      to = profileClock();
    } finally {
      await web.stop();
    }
    const file = readdirSync(folder).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the web server wrote no CPU profile");
    const summary = summariseProfile(readProfile(path.join(folder, file)), {
      from,
      to,
      limit: 25,
      under: ["fixedT", "matchRoutes", "renderToPipeableStream", "callLoaderOrAction", "compression"],
    });
    return { measured, summary };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main() {
  const client = await openFullMarket(database, { reuse, label: "[bench:pages]" });
  const cookies: Record<Page["as"], string> = {
    buyer: await benchSessionCookie(client, BUYER),
    seller: await benchSessionCookie(client, SELLER),
    floor: "",
  };
  const sizes: SizeResult[] = [{ listings: FULL_MARKET.listings, rows: await measureSize(cookies) }];
  const profile = await profileMarketplace(cookies.buyer);

  if (GROWN > FULL_MARKET.listings) {
    console.log(`[bench:pages] growing the market to ${GROWN.toLocaleString("en")} listings`);
    const second = new pg.Client({ connectionString: database.url });
    await second.connect();
    try {
      const middle = Math.round((FULL_MARKET.listings + GROWN) / 2);
      await Promise.all([
        appendListings(client, { ...FULL_MARKET, listings: middle }, FULL_MARKET.listings),
        appendListings(second, { ...FULL_MARKET, listings: GROWN }, middle),
      ]);
    } finally {
      await second.end();
    }
    const { reindexAll, searchBackend } = await import("../../app/modules/search/indexing.server");
    await reindexAll(searchBackend(), 5_000);
    await client.query("VACUUM ANALYZE");
    await client.query("CHECKPOINT");
    sizes.push({ listings: GROWN, rows: await measureSize(cookies) });
  }
  await client.end();
  writeReport("pages", "[bench:pages]", render(sizes, profile));
  if (!keep) await database.drop();
  if (sizes.some((size) => size.rows.some((row) => row.measured.errors > 0))) process.exitCode = 1;
}

function render(sizes: SizeResult[], profile: Awaited<ReturnType<typeof profileMarketplace>>) {
  const misses: string[] = [];
  const sections = sizes.flatMap(({ listings, rows }) => {
    const ours = rows.find((row) => row.page.path === "/marketplace")!.measured;
    const table = rows.map(({ page, measured }) => {
      const verdicts: string[] = [];
      let target = "";
      if (page.as !== "floor") {
        target = `p95 < ${P95_MS} ms`;
        if (measured.p95 >= P95_MS) verdicts.push(`p95 ${measured.p95.toFixed(0)} ≥ ${P95_MS} ms`);
        if (page.path === "/marketplace") {
          target = `≥ ${MARKETPLACE_PER_SECOND}/s, ${target}`;
          if (measured.perSecond < MARKETPLACE_PER_SECOND)
            verdicts.push(`${measured.perSecond.toFixed(0)}/s < ${MARKETPLACE_PER_SECOND}/s`);
        }
      }
      if (measured.errors > 0) verdicts.push(`${measured.errors} errors`);
      if (measured.requests === 0) verdicts.push("nothing answered in the time");
      if (verdicts.length) misses.push(`${page.name} at ${listings.toLocaleString("en")}: ${verdicts.join(", ")}`);
      const multiple =
        page.as === "floor" ? `ours is ${(ours.perSecond / measured.perSecond).toFixed(2)}× its pages/s` : "";
      return `| ${page.name} | ${measured.perSecond.toFixed(0)} | ${measured.p50.toFixed(0)} | ${measured.p95.toFixed(0)} | ${measured.p99.toFixed(0)} | ${measured.errors} | ${measured.kbPerResponse.toFixed(1)} | ${target ? `${target}: ${verdicts.length ? `**missed** (${verdicts.join(", ")})` : "met"}` : multiple} |`;
    });
    return [
      `## ${listings.toLocaleString("en")} listings`,
      "",
      "| page | pages/s | p50 ms | p95 ms | p99 ms | errors | KB per answer | target |",
      "|---|---:|---:|---:|---:|---:|---:|---|",
      ...table,
      "",
    ];
  });
  return [
    `# Pages benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${describeMachine()}. autocannon, ${CONNECTIONS} connections, ${DURATION} s per page after a 2 s warm-up, signed in (My Listings as a seller with listings, the rest as a buyer), compressed answers accepted; the web server runs as \`npm start\` runs it (production build, one process). The floors run in a process of their own (scripts/bench/floor-server.tsx) on the same machine. Load generator, servers and PostgreSQL share the cores.`,
    "",
    ...sections,
    misses.length ? `Missed: ${misses.join("; ")}.` : "Every target met.",
    "",
    `## Where the web process's CPU goes: /marketplace at ${FULL_MARKET.listings.toLocaleString("en")} listings`,
    "",
    `The web server again under \`--cpu-prof\`, ${CONNECTIONS} connections for ${PROFILE_SECONDS} s (${profile.measured.perSecond.toFixed(0)} pages/s while profiled); only the samples of those seconds.`,
    "",
    ...renderProfile(profile.summary, profile.measured.requests),
    "",
  ].join("\n");
}

runBenchmark("[bench:pages]", main);
