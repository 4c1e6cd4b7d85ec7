// Runs in each integration test file's process before the file is imported:
// points configuration at this run's database, Redis and queue prefix.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { workerQueuePrefix } from "./test-workers";

// Each worker has a database and a queue prefix of its own (tests/setup/global.ts), so files
// running at once never meet each other's rows, queues or rate-limit counters.
const worker = Number(process.env.VITEST_POOL_ID ?? "1");
const databaseUrl = inject("databaseUrls")[worker - 1];
if (!databaseUrl)
  throw new Error(`no test database for worker ${worker}: raise TEST_WORKERS in tests/setup/test-workers.ts`);

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = databaseUrl;
process.env.REDIS_URL ??= inject("redisUrl");
process.env.QUEUE_PREFIX = workerQueuePrefix(inject("queuePrefix"), worker);
process.env.LOG_LEVEL ??= "silent";
// The run's real Meilisearch (tests/setup/global.ts), for the search suites that run on it too.
const meilisearch = inject("meilisearch");
if ("host" in meilisearch) {
  process.env.MEILI_TEST_HOST ??= meilisearch.host;
  process.env.MEILI_TEST_KEY ??= meilisearch.key;
} else process.env.MEILI_TEST_UNAVAILABLE = meilisearch.unavailable;
// Secrets made now, strong enough for production: the compiled processes a test starts inherit
// them (tests/support/processes.ts), and production refuses short ones and any this repository shows.
process.env.ADMIN_TOKEN = randomBytes(24).toString("hex");
process.env.SESSION_SECRET = randomBytes(32).toString("hex");
// Outside demo mode, as a deployment runs, unless a test file turns it on for what only a demo has
// (the sandbox checkout); said here so a DEMO_MODE in the shell or in .env never decides.
process.env.DEMO_MODE = "";
// Tests reach nothing beyond this machine: weather and soil are off unless a file points them at
// its local server (before the app's modules read the configuration).
process.env.WEATHER_URL = "off";
process.env.SOIL_URL = "off";
// The tests play the proxy in front of the server: each request says its client's
// address in X-Forwarded-For (tests/support/api-client.ts), so rate limits per
// address never join two tests. Production trusts no proxy unless configured.
process.env.TRUST_PROXY ??= "loopback";
