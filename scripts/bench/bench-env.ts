// What the benchmarks share: a database of their own on this machine's
// PostgreSQL, the product's processes started as `npm start` starts them, the
// machine's description and the report written to bench/results/.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "../..");

/** The URLs of a benchmark's own database `name` on the configured (local) PostgreSQL; exits if it is not local. */
export function benchDatabase(name: string, label: string) {
  const serverUrl = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko");
  if (!["127.0.0.1", "localhost"].includes(serverUrl.hostname)) {
    console.error(`${label} only uses a PostgreSQL on this machine`);
    process.exit(2);
  }
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = "/postgres";
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  return {
    url: url.toString(),
    /** A fresh, migrated database (process.env.DATABASE_URL must name it already). */
    async create() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
      const migrated = spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
        cwd: root,
        env: process.env,
        stdio: "inherit",
      });
      if (migrated.status !== 0) throw new Error("migrations failed");
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A benchmark's setting: its own database `asiiko_<name>` (see benchDatabase), its own queue
 * prefix, quiet logs, production mode outside demo mode (`extra` may turn it on: the page
 * benchmarks browse the demo data) with secrets made now, no search rate limits and the embedded
 * search backend, in process.env (the app's modules read it when first used; the processes the
 * benchmark starts inherit it, and it wins over what .env says).
 */
export function benchSetting(name: string, label: string, extra: Record<string, string> = {}) {
  const database = benchDatabase(`asiiko_${name}`, label);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    QUEUE_PREFIX: `${name.replace(/_/g, "-")}-${randomBytes(3).toString("hex")}`,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    DEMO_MODE: "",
    // Production refuses short secrets and those this repository shows: these are made for the run.
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_TOKEN: randomBytes(24).toString("hex"),
    // One reader asking the same search 50 at a time is what the search limits refuse, rightly;
    // the benchmarks measure what the searches cost, so they run without them.
    SEARCH_LIMIT_PER_USER: "0",
    SEARCH_LIMIT_PER_ADDRESS: "0",
    // Benchmarks send traffic to this machine only: no forecasts or soil from outside.
    WEATHER_URL: "off",
    SOIL_URL: "off",
    ...extra,
  });
  delete process.env.MEILI_HOST;
  return database;
}

/** The number given as `--name N` on the command line, or `fallback`. */
export function argument(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A process (`node --import tsx <script>`, or `node <script>` for compiled JavaScript) with this
 * environment added and these flags for Node (`--cpu-prof`, say); `stop` ends it and waits.
 */
export function startProcess(script: string, env: Record<string, string> = {}, nodeFlags: string[] = []) {
  const args = [...nodeFlags, ...(script.endsWith(".js") ? [script] : ["--import", "tsx", script])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The web server as `npm start` runs it (compiled, production build), in a process of its own; resolves once /api/health answers. */
export async function startWebServer(env: Record<string, string> = {}, nodeFlags: string[] = []) {
  const port = await freePort();
  const web = startProcess("build/node/server.js", { ...env, PORT: String(port), HOST: "127.0.0.1" }, nodeFlags);
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (web.child.exitCode !== null) throw new Error(`the web server stopped (${web.child.exitCode}) before answering`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (waited > 120_000) throw new Error("the web server did not answer /api/health within 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, stop: web.stop };
}

export function describeMachine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Prints the report and writes it to bench/results/<name>-<date>.md. */
export function writeReport(name: string, label: string, report: string) {
  console.log(`\n${report}`);
  const dir = path.join(root, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, report);
  console.log(`${label} written to ${path.relative(root, file)}`);
}

/**
 * Runs a benchmark: then closes what the app's modules it imported opened (the
 * database pool, Redis connections), so the process ends; a failure is printed
 * and sets the exit code.
 */
export function runBenchmark(label: string, main: () => Promise<void>) {
  main()
    .then(async () => {
      const { prisma } = await import("../../app/server/db.server");
      await prisma.$disconnect();
      const { runShutdownHooks } = await import("../../app/server/lifecycle.server");
      await runShutdownHooks(() => {});
    })
    .catch((error: unknown) => {
      console.error(`${label} failed: ${(error as Error).stack ?? String(error)}`);
      process.exitCode = 1;
    });
}

/**
 * A session for `userId`, minted as the app mints them (a Session row and the signed cookie): the
 * cookie's `name=value`. Imports the app's session module when first called, after benchSetting.
 */
export async function benchSessionCookie(client: pg.Client, userId: string) {
  const { sessionCookie } = await import("../../app/modules/auth/session.server");
  const sessionId = `bench_session_${randomBytes(8).toString("hex")}`;
  await client.query(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`, [
    sessionId,
    userId,
  ]);
  return (await sessionCookie.serialize(sessionId)).split(";")[0]!;
}

/** Resolves once `url` answers 2xx; throws after `limitMs`. */
export async function waitForAnswer(url: string, limitMs = 60_000) {
  for (let waited = 0; waited < limitMs; waited += 200) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}
