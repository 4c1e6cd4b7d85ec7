// Serves the product for the browser tests: a fresh database (migrated and
// seeded), its own queue prefix, the production build, web and workers (compiled),
// in demo mode: the tests sign in as the demo accounts, browse the demo data,
// pay through the sandbox checkout and see the demo banner.
import { spawn } from "node:child_process";
import { dropDatabase, migrate } from "../../scripts/migrate";
import { startFakeEnvironment } from "../support/fake-environment";
import { startFakeTiles } from "../support/fake-tiles";
import { deleteKeysWithPrefix } from "../support/redis-keys";
import { E2E_DATABASE_URL, E2E_QUEUE_PREFIX, E2E_SESSION_SECRET } from "../support/e2e-env";

const databaseUrl = E2E_DATABASE_URL;
// The farms' forecasts and soil come from a local server speaking Open-Meteo's and SoilGrids' APIs:
// the browser tests reach nothing beyond this machine.
const environmentServices = await startFakeEnvironment();
// The terrain tab's tiles come from a local server whose (pretend) terms allow keeping them
// offline; satellite and street stay the public defaults, which each test answers in the page.
const tileServer = await startFakeTiles();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DEMO_MODE: "1",
  DATABASE_URL: databaseUrl,
  QUEUE_PREFIX: E2E_QUEUE_PREFIX,
  PORT: process.env.E2E_PORT ?? "3100",
  HOST: "127.0.0.1",
  // Links that leave a page (the checkout's) point where the browser tests browse.
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`,
  ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdef",
  SESSION_SECRET: E2E_SESSION_SECRET,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "error",
  UPLOAD_DIR: "test-results/uploads",
  ORIGINALS_DIR: "test-results/originals",
  TILES_TERRAIN_URL: `${tileServer.url}/terrain/{z}/{x}/{y}.png`,
  TILES_TERRAIN_ATTRIBUTION: "Test terrain tiles",
  TILES_TERRAIN_OFFLINE: "1",
  TILES_TERRAIN_MAX_ZOOM: "18",
  WEATHER_URL: environmentServices.url,
  SOIL_URL: environmentServices.url,
};

/** Removes this run's queue and rate-limit keys from Redis. */
const clearRedis = () => deleteKeysWithPrefix(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", E2E_QUEUE_PREFIX);

// A fresh start: no database, queues or rate-limit counters left from an earlier run.
await dropDatabase(databaseUrl);
await clearRedis();
await migrate(databaseUrl);
const seeded = spawn(process.execPath, ["--import", "tsx", "prisma/seed.ts"], { env, stdio: "inherit" });
await new Promise<void>((resolve, reject) =>
  seeded.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`)))),
);

// Compiled, as npm start runs it (build/node/, made by the build before the tests).
const product = spawn(process.execPath, ["build/node/run-all.js"], { env, stdio: "inherit" });
const stop = (signal: NodeJS.Signals) => product.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// When the product has stopped, this run's database and Redis keys go too.
product.on("exit", (code) => {
  Promise.allSettled([
    dropDatabase(databaseUrl),
    clearRedis(),
    environmentServices.close(),
    tileServer.close(),
  ]).finally(() => process.exit(code ?? 0));
});
