// Runs in each integration test file's process before the file is imported:
// points configuration at this run's database, Redis and queue prefix.
import { inject } from "vitest";

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = inject("databaseUrl");
process.env.REDIS_URL ??= inject("redisUrl");
process.env.QUEUE_PREFIX = inject("queuePrefix");
process.env.LOG_LEVEL ??= "silent";
process.env.ADMIN_TOKEN ??= "integration-admin-token-0123456789";
process.env.SESSION_SECRET ??= "integration-session-secret";
// The tests play the proxy in front of the server: each request says its client's
// address in X-Forwarded-For (tests/support/api-client.ts), so rate limits per
// address never join two tests. Production trusts no proxy unless configured.
process.env.TRUST_PROXY ??= "loopback";
