// npm run bench:ussd [-- --duration 20 --connections 50 --pace 3000 --listings 100000 --keep]
// The USSD callback benchmark (POST /api/ussd?token=, Africa's Talking's call for every screen).
// Loads the benchmark market (scripts/bench/market.ts, 100,000 listings) into a database of its
// own, with weekly price figures for every product in every town it has listings in (this week
// and the four before, from those listings' prices: what the figures job would keep for a busy
// market), and picks the products to type: the names of those priced in the most towns, as a
// caller types them (lower case, no brackets). Then, with the production build as `npm start`
// serves it, 50 callers at once (closed loop: each waits for its answer before the next screen;
// first at a caller's pace, --pace, where the target is judged, then flat out, the capacity)
// walk whole sessions, screen by screen, each with a fresh session id and the caller's own
// number (+23480 and 8 digits): the first screen (nothing typed), the language (English, asked
// once per number), then one session in two Market prices (1, a product typed, 1 when the menu
// asks which one, a town typed: the price) and the other Buy (2, the same, a town typed: the five
// nearest listings), so that every screen that reads the database is answered. One caller walks
// a session of each first (the products offered are worked out then and kept 5 minutes, as in a
// server that has been running; that first menu choice is timed). Every screen's answer is
// timed and checked (200, "CON " or "END ", and the screen the walk expects) for --duration
// seconds after a 3 s warm-up; then one caller alone for 5 s (each screen's own time, without
// queueing). Writes the screens per second, p50/p95/p99 overall and per kind of screen, the
// target (p95 under 200 ms with 50 sessions at once) met or missed, the machine, the CPU the web
// server, PostgreSQL and Redis used meanwhile (from /proc), the market's size and the plans of
// the screens' queries to bench/results/ussd-<date>.md. It fails (exit 1) only when a request
// fails: no answer, not 200, not CON/END, or the menu's own failure screens ("something went
// wrong", "session has ended", "could not be read").
//   --duration     seconds measured, after the warm-up (20).
//   --connections  callers at once (50).
//   --pace         a caller's time to read a screen and type, in ms on average (3,000): the paced
//                  run, where the target is judged; a second run goes flat out (no pause).
//   --listings     the market's listings (100,000; smaller ones make a quick trial run).
//   --keep         keeps the database (asiiko_bench_ussd) afterwards.
// It runs in a process of its own: the app's modules read the environment (the database, the
// callback's token, made here) once, and this benchmark's differs from any other's. The sessions'
// state, in Redis under the run's own prefix, expires by itself five minutes after the run.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { normaliseTerm } from "../../app/lib/normalise-term";
import { findTown, NIGERIAN_TOWNS, priceTown } from "../../app/modules/listings/towns";
import { weekOf } from "../../app/modules/prices/figures";
import { USSD_LIST_SIZE } from "../../app/modules/ussd/constants";
import { expandTerm } from "../../search/synonyms";
import { argument, benchSetting, describeMachine, root, runBenchmark, startWebServer, writeReport } from "./bench-env";
import { percentile } from "./load";
import { FULL_MARKET, loadMarket } from "./market";

export interface UssdBenchOptions {
  /** Seconds measured, after the warm-up. */
  duration: number;
  /** Callers walking sessions at once. */
  connections: number;
  /** How long a caller takes to read a screen and type the next answer, on average (ms; each wait 0.5 to 1.5 times it). */
  pace: number;
  listings: number;
  /** Keep the database afterwards. */
  keep: boolean;
  log?: (message: string) => void;
}

/** The issue's target: a screen answered under 200 ms at p95 with 50 sessions at once. */
const P95_TARGET_MS = 200;
const WARM_UP_SECONDS = 3;
/** One caller alone afterwards: each screen's own time. */
const ALONE_SECONDS = 5;
/** Weekly figures for this week and the four before: the town screen's four weeks, and the change against four weeks before. */
const FIGURE_WEEKS = 5;
/** Products the callers type, and the towns typed for each. */
const BENCH_PRODUCTS = 8;
const TOWNS_PER_PRODUCT = 3;
/** What findPriceProducts reads of a typed product (menu.server.ts). */
const PRODUCT_TYPED_MAX = 60;
/** The dialled code and the network (MTN Nigeria's mobile network code), as the provider sends them. */
const SERVICE_CODE = "*384*2026#";
const NETWORK_CODE = "62130";
const DAY_MS = 24 * 60 * 60 * 1000;
/** benchSetting's database for "bench_ussd". */
const DATABASE_NAME = "asiiko_bench_ussd";

const KINDS = ["first", "language", "menu", "product", "pick", "price", "listings"] as const;
type Kind = (typeof KINDS)[number];
const KIND_NAMES: Record<Kind, string> = {
  first: "first screen (nothing typed: language or menu)",
  language: "language chosen (once per number: the menu)",
  menu: "menu choice, 1 or 2 (the products offered)",
  product: "product typed (which one? or its towns)",
  pick: "product picked from the list, 1 (its towns)",
  price: "town typed → price",
  listings: "town typed → five nearest listings",
};

interface BenchProduct {
  /** The product the walk lands on: the first that typing finds (by name, then id). */
  id: string;
  name: string;
  /** As a caller types it: lower case, no brackets. */
  typed: string;
  /** Products the typed name finds: more than one, and the menu asks which one (the walk picks 1). */
  matches: number;
  /** Towns with a figure this week, as priceTown names them (and findTown finds them). */
  towns: string[];
  listings: number;
}

/** Parts of the English screens that tell which screen an answer is (the callers choose English). */
interface Markers {
  language: string;
  menu: string;
  productPrompt: string;
  productPick: string;
  townPrompts: string[];
  price: string;
  listings: string;
  /** The menu's own failure screens: counted as failed requests. */
  failures: string[];
}

interface Drive {
  /** Every measured screen's time in ms, by kind. */
  times: Record<Kind, number[]>;
  seconds: number;
  sessions: number;
  /** No answer, not 200, not CON/END, or the menu's failure screens; over warm-up and measurement. */
  failed: number;
  /** Answers that were a screen, but not the one the walk expected (no price in that town, a pick list...). */
  otherScreens: number;
  problems: string[];
  /** The first answer of each kind seen. */
  examples: Partial<Record<Kind, string>>;
  /** Where the machine's time went while the screens were measured, when /proc tells. */
  cpu: CpuUse | null;
}

/** CPU seconds so far: the web server (its whole process), the benchmark database's PostgreSQL backends, Redis, this process (the callers). */
interface CpuSample {
  at: number;
  server: number;
  database: number;
  redis: number;
  generator: number;
}

/** Cores busy on average over the measurement (1 = one core all the time), and the load average at its end. */
interface CpuUse {
  server: number;
  database: number;
  redis: number;
  generator: number;
  loadAverage: number;
}

interface Plan {
  name: string;
  ms: number;
  plan: string;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/**
 * The CPU time used so far by the web server this process started, the PostgreSQL backends
 * serving `databaseName`, Redis (the machine's, shared with anything else using it) and this
 * process, read from /proc; null where there is none.
 */
function cpuSample(databaseName: string): CpuSample | null {
  if (!existsSync("/proc/self/stat")) return null;
  const sample = { at: performance.now(), server: 0, database: 0, redis: 0, generator: 0 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After "pid (name) ": state, ppid, ..., utime and stime (the 14th and 15th fields), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const used = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      if (Number(fields[1]) === process.pid && command.includes("build/node/server.js")) sample.server += used;
      else if (command.startsWith("postgres: ") && command.includes(` ${databaseName} `)) sample.database += used;
      else if (command.startsWith("redis-server")) sample.redis += used;
    } catch {
      // The process ended meanwhile.
    }
  }
  const own = process.cpuUsage();
  sample.generator = (own.user + own.system) / 1e6;
  return sample;
}

function cpuUse(before: CpuSample | null, after: CpuSample | null): CpuUse | null {
  if (!before || !after) return null;
  const span = (after.at - before.at) / 1000;
  return {
    server: (after.server - before.server) / span,
    database: (after.database - before.database) / span,
    redis: (after.redis - before.redis) / span,
    generator: (after.generator - before.generator) / span,
    loadAverage: os.loadavg()[0]!,
  };
}
const count = (value: number) => value.toLocaleString("en");

/** A caller's own number: +23480 and eight digits. */
const phoneOf = (caller: number) => `+23480${String(31_000_000 + caller).padStart(8, "0")}`;

function englishMarkers(): Markers {
  const en = JSON.parse(readFileSync(path.join(root, "app/locales/en.json"), "utf8")) as {
    ussd: Record<string, unknown>;
  };
  const text = (key: string) => {
    const value = en.ussd[key];
    if (typeof value !== "string") throw new Error(`app/locales/en.json has no ussd.${key}`);
    return value;
  };
  // The longest part of a text that is no placeholder: "{{product}}, {{town}}, week of ..." → ", week of ".
  const literal = (key: string) =>
    text(key)
      .split(/\{\{[^}]*\}\}/)
      .map((part) => part.trim())
      .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
  return {
    language: text("chooseLanguage"),
    menu: `1. ${text("menuPrices")}`,
    productPrompt: text("productPrompt"),
    productPick: text("productPick"),
    townPrompts: [text("townPrompt"), text("townTyped")],
    price: literal("price"),
    listings: literal("listingsTitle"),
    failures: [text("failed"), text("expired"), text("unreadable")],
  };
}

/**
 * Weekly figures for every product in every town it has listings in, this week and the
 * FIGURE_WEEKS - 1 before (each a percent lower than the next), from those listings' prices, the
 * town as priceTown gives it for the listing's place. Answers the rows written.
 */
async function insertFigures(client: pg.Client, thisWeek: string) {
  const { rows: places } = await client.query<{ locality: string }>(
    `SELECT DISTINCT locality FROM "Listing" WHERE locality IS NOT NULL`,
  );
  const towns = places.map((place) => priceTown({ locality: place.locality, latitude: null, longitude: null }));
  const inserted = await client.query(
    `WITH priced AS (
       SELECT l."productId", m.town, l."priceNgn" AS price
       FROM "Listing" l JOIN unnest($1::text[], $2::text[]) AS m(locality, town) ON m.locality = l.locality
       WHERE l."productId" IS NOT NULL AND m.town IS NOT NULL),
     pairs AS (
       SELECT "productId", town, count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY price)::numeric AS median,
              percentile_cont(0.25) WITHIN GROUP (ORDER BY price)::numeric AS p25,
              percentile_cont(0.75) WITHIN GROUP (ORDER BY price)::numeric AS p75,
              min(price) AS low, max(price) AS high
       FROM priced GROUP BY "productId", town)
     INSERT INTO "PriceFigure" ("productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn",
       count, trades, outliers, "computedAt")
     SELECT "productId", town, $3::date - 7 * w, round(median * f, 2), round(p25 * f, 2), round(p75 * f, 2),
            round(low * f, 2), round(high * f, 2), n, 0, 0, now()
     FROM pairs CROSS JOIN generate_series(0, $4 - 1) AS w CROSS JOIN LATERAL (SELECT 1 - 0.01 * w AS f) drift`,
    [places.map((place) => place.locality), towns, thisWeek, FIGURE_WEEKS],
  );
  return inserted.rowCount ?? 0;
}

/**
 * The products callers type: the names of the products priced in the most towns this week, as a
 * caller types them, each with the product the walk then lands on (the only one found, or the
 * first of the list the menu shows, which the walk picks: findPriceProducts' order) and the towns
 * that one has the most listings in. Different typed names landing on one product count once.
 */
async function benchProducts(client: pg.Client, thisWeek: string): Promise<BenchProduct[]> {
  const { findPriceProducts } = await import("../../app/modules/prices/products.server");
  const { rows } = await client.query<{ name: string }>(
    `SELECT p.name FROM "PriceFigure" f JOIN "Product" p ON p.id = f."productId" AND p."isActive"
     WHERE f.week = $1::date GROUP BY f."productId", p.name ORDER BY count(*) DESC, sum(f.count) DESC, f."productId"`,
    [thisWeek],
  );
  const chosen: BenchProduct[] = [];
  for (const row of rows) {
    if (chosen.length >= BENCH_PRODUCTS) break;
    const typed = normaliseTerm(row.name);
    if (typed.length > PRODUCT_TYPED_MAX || chosen.some((product) => product.typed === typed)) continue;
    const found = await findPriceProducts(typed);
    const landed = found[0];
    if (!landed || chosen.some((product) => product.id === landed.id)) continue;
    const { rows: towns } = await client.query<{ town: string; count: number }>(
      `SELECT town, count FROM "PriceFigure" WHERE "productId" = $1 AND week = $2::date ORDER BY count DESC, town`,
      [landed.id, thisWeek],
    );
    const typedTowns = towns
      .map((entry) => entry.town)
      .filter((town) => findTown(town)?.name === town)
      .slice(0, TOWNS_PER_PRODUCT);
    if (typedTowns.length === 0) continue;
    chosen.push({
      id: landed.id,
      name: landed.name,
      typed,
      matches: found.length,
      towns: typedTowns,
      listings: towns.reduce((sum, entry) => sum + entry.count, 0),
    });
  }
  if (chosen.length === 0) throw new Error("no product typed finds one priced this week: the market is too small");
  return chosen;
}

/**
 * `callers` callers (numbers from `firstCaller` on) walking sessions against the callback for
 * `warmUp` + `measured` seconds; the screens asked for after the warm-up are timed.
 */
async function drive(
  url: string,
  products: BenchProduct[],
  markers: Markers,
  {
    callers,
    firstCaller,
    warmUp,
    measured,
    databaseName,
    sessions = Number.POSITIVE_INFINITY,
    pace = 0,
  }: {
    /** A caller's time to read and type before each answer (ms, on average); 0: at once. */
    pace?: number;
    callers: number;
    firstCaller: number;
    warmUp: number;
    measured: number;
    databaseName: string;
    /** Sessions each caller walks at most. */
    sessions?: number;
  },
): Promise<Drive> {
  const result: Drive = {
    times: { first: [], language: [], menu: [], product: [], pick: [], price: [], listings: [] },
    seconds: 0,
    sessions: 0,
    failed: 0,
    otherScreens: 0,
    problems: [],
    examples: {},
    cpu: null,
  };
  const measureFrom = performance.now() + warmUp * 1000;
  const stopAt = measureFrom + measured * 1000;
  let lastAnswer = measureFrom;
  const problem = (note: string) => {
    if (result.problems.length < 10) result.problems.push(note);
  };

  /** One screen: the answers so far sent as the provider sends them; the answer, or null when the walk stops here. */
  async function screen(kind: Kind, call: { sessionId: string; phone: string; text: string }, expected: string[]) {
    // A person reads the screen and types the answer first (not before dialling).
    if (pace > 0 && call.text !== "") await new Promise((resolve) => setTimeout(resolve, pace * (0.5 + Math.random())));
    if (performance.now() >= stopAt) return null;
    const started = performance.now();
    let status = 0;
    let answer = "";
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          sessionId: call.sessionId,
          serviceCode: SERVICE_CODE,
          phoneNumber: call.phone,
          networkCode: NETWORK_CODE,
          text: call.text,
        }).toString(),
      });
      status = response.status;
      answer = await response.text();
    } catch (error) {
      answer = (error as Error).message;
    }
    const finished = performance.now();
    if (started >= measureFrom && started < stopAt) {
      result.times[kind].push(finished - started);
      lastAnswer = Math.max(lastAnswer, finished);
    }
    result.examples[kind] ??= answer;
    const shown = JSON.stringify(answer.slice(0, 120));
    if (status !== 200 || !/^(CON|END) /.test(answer) || markers.failures.some((text) => answer.includes(text))) {
      result.failed += 1;
      problem(`${KIND_NAMES[kind]}, text ${JSON.stringify(call.text)}: ${status || "no answer"} ${shown}`);
      return null;
    }
    if (!expected.some((marker) => answer.includes(marker))) {
      result.otherScreens += 1;
      problem(`${KIND_NAMES[kind]}, text ${JSON.stringify(call.text)}: another screen, ${shown}`);
      return null;
    }
    return answer;
  }

  /** One whole session: dialling, the language if asked, then prices or buying. */
  async function walk(caller: number, session: number) {
    const call = {
      sessionId: `ATUid_bench${caller}x${session}x${randomBytes(4).toString("hex")}`,
      phone: phoneOf(caller),
      text: "",
    };
    const answers: string[] = [];
    const next = (answer: string) => {
      answers.push(answer);
      call.text = answers.join("*");
    };
    result.sessions += 1;
    const first = await screen("first", call, [markers.language, markers.menu]);
    if (!first) return;
    if (first.includes(markers.language)) {
      next("1");
      if (!(await screen("language", call, [markers.menu]))) return;
    }
    const buying = session % 2 === 0;
    const product = products[(caller + session) % products.length]!;
    const town = product.towns[(caller * 7 + session) % product.towns.length]!;
    next(buying ? "2" : "1");
    if (!(await screen("menu", call, [markers.productPrompt]))) return;
    next(product.typed);
    if (product.matches > 1) {
      if (!(await screen("product", call, [markers.productPick]))) return;
      next("1");
      if (!(await screen("pick", call, markers.townPrompts))) return;
    } else if (!(await screen("product", call, markers.townPrompts))) return;
    next(town.toLowerCase());
    if (buying) await screen("listings", call, [markers.listings]);
    else await screen("price", call, [markers.price]);
  }

  async function caller(index: number) {
    for (let session = 1; session <= sessions && performance.now() < stopAt; session += 1) await walk(index, session);
  }

  let cpuBefore: CpuSample | null = null;
  const sampling = setTimeout(() => {
    cpuBefore = cpuSample(databaseName);
  }, warmUp * 1000);
  await Promise.all(Array.from({ length: callers }, (_, index) => caller(firstCaller + index)));
  clearTimeout(sampling);
  result.cpu = cpuUse(cpuBefore, cpuSample(databaseName));
  result.seconds = Math.max(0.001, (lastAnswer - measureFrom) / 1000);
  for (const kind of KINDS) result.times[kind].sort((a, b) => a - b);
  return result;
}

async function explain(client: pg.Client, name: string, statement: string, values: unknown[]): Promise<Plan> {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, values);
  const lines = rows.map((row) => row["QUERY PLAN"]);
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
  return { name, ms, plan: lines.join("\n") };
}

/** The screens' statements, as the app sends them (Prisma's written out here), on the first benchmark product and its first town. */
async function screenPlans(client: pg.Client, product: BenchProduct, now: Date): Promise<Plan[]> {
  const town = NIGERIAN_TOWNS.find((entry) => entry.name === product.towns[0])!;
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  // findPriceProducts: every typed word (or a local name of it) in the name, or the whole text as a local name.
  const words = product.typed.split(" ").filter(Boolean).slice(0, 5);
  const patterns: string[] = [];
  const like = (term: string) => {
    patterns.push(`%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    return `name ILIKE $${patterns.length}`;
  };
  const everyWord = words.map((word) => `(${expandTerm(word).map(like).join(" OR ")})`).join(" AND ");
  const wholeText = words.length > 1 ? expandTerm(words.join(" ")).map(like) : [];
  return [
    await explain(
      client,
      "findCaller: the account of the number (first screen)",
      `SELECT id, "firstName", language, "pinHash", "suspendedAt" FROM "User"
       WHERE phone = $1 AND "phoneVerifiedAt" IS NOT NULL LIMIT 1`,
      [phoneOf(0)],
    ),
    await explain(
      client,
      "popularPriceProducts (menu choice; kept 5 minutes per process)",
      `SELECT p.id, p.name, p.unit
       FROM (SELECT "productId", count(*) AS towns
             FROM (SELECT DISTINCT "productId", town FROM "PriceFigure" WHERE week >= $1::date) pairs
             GROUP BY "productId") f
       JOIN "Product" p ON p.id = f."productId" AND p."isActive"
       ORDER BY f.towns DESC, p.name ASC
       LIMIT 12`,
      [new Date(thisWeek.getTime() - 3 * 7 * DAY_MS)],
    ),
    await explain(
      client,
      `findPriceProducts: "${product.typed}" typed (product typed)`,
      `SELECT id, name, unit FROM "Product"
       WHERE "isActive" AND ((${everyWord})${wholeText.map((term) => ` OR ${term}`).join("")})
       ORDER BY name ASC, id ASC LIMIT 20 OFFSET 0`,
      patterns,
    ),
    await explain(
      client,
      "productPrices: the product's figures, 12 weeks (town typed → price)",
      `SELECT "productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn", count, trades, outliers, "computedAt"
       FROM "PriceFigure" WHERE "productId" = $1 AND week >= $2 AND week <= $3
       ORDER BY town ASC, week ASC OFFSET 0`,
      [product.id, new Date(thisWeek.getTime() - (11 + 4) * 7 * DAY_MS), thisWeek],
    ),
    await explain(
      client,
      `nearestListings: ${product.name} near ${town.name} (town typed → listings)`,
      `SELECT l.id, l."priceNgn"::text AS "priceNgn", (l.quantity - l."reservedQuantity")::int AS available,
              l.latitude, l.longitude, u."firstName", u."lastName", (u."phoneVerifiedAt" IS NOT NULL) AS verified
       FROM "Listing" l
       JOIN "User" u ON u.id = l."sellerId"
       WHERE l."productId" = $1 AND l.status = 'active' AND l."hiddenAt" IS NULL
         AND u."suspendedAt" IS NULL AND l.quantity > l."reservedQuantity"
         AND l."sellerId" <> $2
       ORDER BY (l.latitude IS NULL),
                power(l.latitude - $3, 2) + power((l.longitude - $4) * cos(radians($3)), 2),
                l."createdAt" DESC
       LIMIT ${USSD_LIST_SIZE}`,
      [product.id, "", town.latitude, town.longitude],
    ),
  ];
}

/**
 * The benchmark (see the head of this file): answers the report and whether a request failed.
 * Call it in a process of its own, before anything has loaded the app's modules.
 */
export async function runUssdBench(options: UssdBenchOptions) {
  const log = options.log ?? console.log;
  // 30 random bytes: a 40-character token, in the environment before the app's modules read it.
  const token = randomBytes(30).toString("base64url");
  const database = benchSetting("bench_ussd", "[bench:ussd]", { USSD_CALLBACK_TOKEN: token, AT_ALLOWED_IPS: "" });
  const now = new Date();
  const thisWeek = weekOf(now);
  const markers = englishMarkers();
  log(`[bench:ussd] loading ${count(options.listings)} listings into a database of its own`);
  await database.create();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let loadSeconds: number;
  let figures: number;
  let products: BenchProduct[];
  let primed: Drive;
  let paced: Drive;
  let loaded: Drive;
  let alone: Drive;
  let loadAverage: number;
  let plans: Plan[];
  try {
    let started = performance.now();
    await loadMarket(client, { ...FULL_MARKET, listings: options.listings });
    loadSeconds = seconds(started);
    started = performance.now();
    figures = await insertFigures(client, thisWeek);
    await client.query("VACUUM ANALYZE");
    await client.query("CHECKPOINT");
    products = await benchProducts(client, thisWeek);
    log(
      `[bench:ussd] ${count(figures)} weekly figures in ${seconds(started).toFixed(0)} s; ${products.length} products typed: ${products.map((product) => `"${product.typed}"`).join(", ")}`,
    );

    const web = await startWebServer();
    try {
      const url = `${web.base}/api/ussd?token=${encodeURIComponent(token)}`;
      // A server that has been running has the products offered worked out (kept 5 minutes): the
      // first calls of one that has just started work them out, here once, not 50 times at once.
      log("[bench:ussd] one caller walks a session of each flow first");
      primed = await drive(url, products, markers, {
        callers: 1,
        firstCaller: options.connections + 1,
        warmUp: 0,
        measured: 120,
        databaseName: DATABASE_NAME,
        sessions: 2,
      });
      loadAverage = os.loadavg()[0]!;
      log(
        `[bench:ussd] ${options.connections} callers for ${options.duration} s after a ${WARM_UP_SECONDS} s warm-up (load average ${loadAverage.toFixed(1)})`,
      );
      paced = await drive(url, products, markers, {
        callers: options.connections,
        firstCaller: 0,
        // Long enough for every caller to be in a session, at a caller's pace.
        warmUp: WARM_UP_SECONDS + (options.pace * 3) / 1000,
        measured: options.duration,
        databaseName: DATABASE_NAME,
        pace: options.pace,
      });
      const pacedAll = KINDS.flatMap((kind) => paced.times[kind]).sort((a, b) => a - b);
      log(
        `[bench:ussd] at a caller's pace: ${count(pacedAll.length)} screens, ${(pacedAll.length / paced.seconds).toFixed(0)}/s, p95 ${percentile(pacedAll, 95).toFixed(0)} ms, ${paced.failed} failed, ${paced.otherScreens} other screens`,
      );
      log(`[bench:ussd] ${options.connections} callers flat out (no pause between screens)`);
      loaded = await drive(url, products, markers, {
        callers: options.connections,
        firstCaller: 0,
        warmUp: WARM_UP_SECONDS,
        measured: options.duration,
        databaseName: DATABASE_NAME,
      });
      const all = KINDS.flatMap((kind) => loaded.times[kind]).sort((a, b) => a - b);
      log(
        `[bench:ussd] flat out: ${count(all.length)} screens, ${(all.length / loaded.seconds).toFixed(0)}/s, p95 ${percentile(all, 95).toFixed(0)} ms, ${loaded.failed} failed, ${loaded.otherScreens} other screens`,
      );
      log(`[bench:ussd] one caller alone for ${ALONE_SECONDS} s`);
      alone = await drive(url, products, markers, {
        callers: 1,
        firstCaller: options.connections,
        warmUp: 1,
        measured: ALONE_SECONDS,
        databaseName: DATABASE_NAME,
      });
    } finally {
      await web.stop();
    }
    plans = await screenPlans(client, products[0]!, new Date());
  } finally {
    await client.end();
  }
  const report = render(options, { loadSeconds, figures, products, primed, paced, loaded, alone, loadAverage, plans });
  writeReport("ussd", "[bench:ussd]", report);
  const { prisma } = await import("../../app/server/db.server");
  await prisma.$disconnect();
  if (!options.keep) await database.drop();
  return { report, failed: primed.failed + paced.failed + loaded.failed + alone.failed > 0 };
}

function render(
  options: UssdBenchOptions,
  run: {
    loadSeconds: number;
    figures: number;
    products: BenchProduct[];
    primed: Drive;
    paced: Drive;
    loaded: Drive;
    alone: Drive;
    loadAverage: number;
    plans: Plan[];
  },
) {
  const { primed, paced, loaded, alone } = run;
  const ms = (value: number) => value.toFixed(0);
  const all = KINDS.flatMap((kind) => loaded.times[kind]).sort((a, b) => a - b);
  const misses: string[] = [];
  const aloneAll = KINDS.flatMap((kind) => alone.times[kind]).sort((a, b) => a - b);
  const verdict = (name: string, times: number[]) => {
    if (times.length === 0) return "none measured";
    const p95 = percentile(times, 95);
    if (p95 < P95_TARGET_MS) return "met";
    misses.push(`${name}: p95 ${ms(p95)} ms`);
    return `**missed** (p95 ${ms(p95)} ≥ ${P95_TARGET_MS} ms)`;
  };
  const row = (drove: Drive, name: string, times: number[], aloneTimes: number[], judged: boolean) =>
    `| ${name} | ${count(times.length)} | ${(times.length / drove.seconds).toFixed(0)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1) ?? 0)} | ${aloneTimes.length ? ms(percentile(aloneTimes, 50)) : ""} | ${judged ? verdict(name, times) : ""} |`;
  const table = (drove: Drive, judged: boolean) => {
    const every = KINDS.flatMap((kind) => drove.times[kind]).sort((a, b) => a - b);
    return [
      "| screen | answers | per second | p50 ms | p95 ms | p99 ms | max ms | alone p50 ms | target |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|",
      row(drove, "every screen", every, aloneAll, judged),
      ...KINDS.map((kind) => row(drove, KIND_NAMES[kind], drove.times[kind], alone.times[kind], judged)),
    ];
  };
  const pacedAll = KINDS.flatMap((kind) => paced.times[kind]).sort((a, b) => a - b);
  const problems = [...primed.problems, ...paced.problems, ...loaded.problems, ...alone.problems];
  const primedOthers = KINDS.filter((kind) => kind !== "menu").flatMap((kind) => primed.times[kind]);
  return [
    `# USSD callback benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${describeMachine()}. The benchmark market (scripts/bench/market.ts: ${count(FULL_MARKET.products)} products, ${count(FULL_MARKET.users)} users, listings around ${NIGERIAN_TOWNS.length} towns) at ${count(options.listings)} listings, loaded in ${run.loadSeconds.toFixed(0)} s. Weekly price figures for every product in every town it has listings in (the town priceTown gives), this week and the ${FIGURE_WEEKS - 1} before, from those listings' prices: ${count(run.figures)} rows, written in one INSERT ... SELECT.`,
    "",
    "## How",
    "",
    `POST /api/ussd?token= as Africa's Talking calls it (a form: sessionId, serviceCode, phoneNumber, networkCode, text with every answer so far joined by \`*\`), against the production build as \`npm start\` serves it (one process), with Node's fetch (keep-alive). ${options.connections} callers at once, each with its own number (+23480 and eight digits), in a closed loop: each waits for its answer, then (in the paced run, after reading it and typing) asks for the next screen, and starts a new session (a fresh session id) when one is done. A session: the first screen (nothing typed); the language, English, when asked (the first session of each number); then one session in two Market prices (\`1\`, a product typed, \`1\` from the list when it asks which one, a town typed: its price) and the other Buy (\`2\`, the same, then the town typed: the ${USSD_LIST_SIZE} nearest listings). Each answer is checked: 200, \`CON \` or \`END \`, and the screen the walk expects. First, one caller walks a session of each flow, as the first calls of a server that has just started: its menu choice, which works out the products offered (popularPriceProducts: every product's towns priced in the last four weeks, then kept 5 minutes by the process), took ${ms(Math.max(0, ...primed.times.menu))} ms, its other screens at most ${ms(Math.max(0, ...primedOthers))} ms. (When the 5 minutes are up, the menu choices that arrive while they are worked out again wait for that one query.) Then two runs of ${options.duration} s measured, each after a warm-up (screens asked for in those ${options.duration} s; the rate is over the time to the last of their answers): at a caller's pace, then flat out; then one caller alone for ${ALONE_SECONDS} s ('alone p50': a screen's own time, without waiting behind the others). Load generator, web server, PostgreSQL and Redis share the machine's cores; its load average (1 minute) just before: ${run.loadAverage.toFixed(1)}.`,
    "",
    `The products typed: the names of the products priced in the most towns, in lower case without brackets. The market's catalogue repeats its ${count(FULL_MARKET.products)} products' names (the seed's products in grades, "from" a state), so a typed name finds several and the menu asks which one; the walk picks the first, and types the towns that one has the most listings in:`,
    "",
    ...run.products.map(
      (product) =>
        `- "${product.typed}": ${product.matches > 1 ? `${product.matches} products found, the list's first picked:` : "found alone:"} ${product.id}, ${product.name} (${count(product.listings)} listings); towns ${product.towns.join(", ")}`,
    ),
    "",
    "## The screens",
    "",
    `Target: a screen answered in under ${P95_TARGET_MS} ms at p95 with ${options.connections} sessions at once.`,
    "",
    `### ${options.connections} sessions at a caller's pace`,
    "",
    `Each caller reads a screen and types the next answer in ${(options.pace / 1000).toFixed(1)} s on average (0.5 to 1.5 times that; people on a keypad take longer), so ${options.connections} sessions are open at once, as on a network. The target is judged here.`,
    "",
    ...table(paced, true),
    "",
    `${count(paced.sessions)} sessions begun, ${count(pacedAll.length)} screens measured: ${(pacedAll.length / paced.seconds).toFixed(0)} screens a second. Failed requests: ${paced.failed}. Screens other than the walk expected: ${paced.otherScreens}.`,
    "",
    misses.length ? `Missed: ${misses.join("; ")}.` : "Every target met.",
    "",
    `### ${options.connections} callers flat out (the server's capacity)`,
    "",
    `No pause: each caller asks for the next screen as soon as it has the last, so ${options.connections} requests wait at every moment: what one process answers at most, and how long a screen waits then. ${options.connections} sessions at this rate would be several hundred at a caller's pace.`,
    "",
    ...table(loaded, false),
    "",
    `${count(loaded.sessions)} sessions begun, ${count(all.length)} screens measured: ${(all.length / loaded.seconds).toFixed(0)} screens a second. Failed requests: ${loaded.failed} (alone: ${alone.failed}; first sessions: ${primed.failed}). Screens other than the walk expected: ${loaded.otherScreens} (alone: ${alone.otherScreens}).`,
    "",
    `The language is asked once per number, in its first session: with ${options.connections} numbers, during the warm-up; a line with no answers measured is such a screen.`,
    "",
    ...cpuLines(loaded.cpu, alone.cpu),
    ...(problems.length
      ? ["", "The first answers that failed or were another screen:", "", ...problems.map((note) => `- ${note}`)]
      : []),
    "",
    "A screen of each kind, as answered:",
    "",
    ...KINDS.flatMap((kind) => [`${KIND_NAMES[kind]}:`, "", "```", loaded.examples[kind] ?? "(none)", "```", ""]),
    "## Query plans (EXPLAIN (ANALYZE, BUFFERS), warm cache, after the measurement)",
    "",
    "| statement | ms |",
    "|---|---:|",
    ...run.plans.map((plan) => `| ${plan.name} | ${plan.ms.toFixed(2)} |`),
    "",
    ...run.plans.flatMap((plan) => [`### ${plan.name}`, "", "```", plan.plan, "```", ""]),
  ].join("\n");
}

/** Where the machine's time went, under load and alone. */
function cpuLines(loaded: CpuUse | null, alone: CpuUse | null) {
  if (!loaded) return [];
  const row = (name: string, pick: (use: CpuUse) => number) =>
    `| ${name} | ${pick(loaded).toFixed(2)} | ${alone ? pick(alone).toFixed(2) : ""} |`;
  return [
    "",
    `CPU while the screens were measured, in cores busy on average (${os.cpus().length} in all; from /proc):`,
    "",
    "| process | under load | alone |",
    "|---|---:|---:|",
    row("web server (one Node process)", (use) => use.server),
    row("PostgreSQL backends of the benchmark's database", (use) => use.database),
    row("Redis (the machine's, shared)", (use) => use.redis),
    row("the callers (this process)", (use) => use.generator),
    row("the machine's load average (1 minute) at the end", (use) => use.loadAverage),
  ];
}

async function main() {
  const { failed } = await runUssdBench({
    duration: argument("duration", 20),
    connections: argument("connections", 50),
    pace: argument("pace", 3000),
    listings: argument("listings", FULL_MARKET.listings),
    keep: process.argv.includes("--keep"),
  });
  if (failed) process.exitCode = 1;
}

if (process.argv[1]?.endsWith("ussd.ts")) runBenchmark("[bench:ussd]", main);
