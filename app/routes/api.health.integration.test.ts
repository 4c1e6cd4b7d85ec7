import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy } from "../../tests/support/tcp-proxy";
import { bootWebServer } from "../../tests/support/web";

// The server reaches PostgreSQL and Redis through proxies the test can stop,
// as if the services themselves had stopped.
const realDatabase = new URL(process.env.DATABASE_URL!);
const realRedis = new URL(process.env.REDIS_URL!);
const postgresProxy = await startTcpProxy({ host: realDatabase.hostname, port: Number(realDatabase.port || 5432) });
const redisProxy = await startTcpProxy({ host: realRedis.hostname, port: Number(realRedis.port || 6379) });
const proxiedDatabase = new URL(realDatabase);
proxiedDatabase.port = String(postgresProxy.port);
const proxiedRedis = new URL(realRedis);
proxiedRedis.port = String(redisProxy.port);
process.env.DATABASE_URL = proxiedDatabase.toString();
process.env.REDIS_URL = proxiedRedis.toString();

let web: Awaited<ReturnType<typeof bootWebServer>>;

beforeAll(async () => {
  web = await bootWebServer();
});

afterAll(async () => {
  await web?.stop();
  await postgresProxy.stop();
  await redisProxy.stop();
});

async function health(method: "GET" | "HEAD" = "GET") {
  const started = performance.now();
  const response = await fetch(`${web.baseUrl}/api/health`, { method });
  const text = await response.text();
  return { response, body: text ? JSON.parse(text) : null, text, ms: performance.now() - started };
}

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe("/api/health", () => {
  it("answers 200 when PostgreSQL and Redis answer, never cached", async () => {
    const { response, body } = await health();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body.success).toBe(true);
    expect(body.data.checks.postgres.ok).toBe(true);
    expect(body.data.checks.redis.ok).toBe(true);
  });

  it("answers HEAD with the status and no body", async () => {
    const { response, text } = await health("HEAD");
    expect(response.status).toBe(200);
    expect(text).toBe("");
  });

  it("answers 503 naming Redis, within 6 s, while Redis is down, and recovers", async () => {
    await redisProxy.stop();
    const { response, body, ms } = await health();
    expect(response.status).toBe(503);
    expect(ms).toBeLessThan(6_000);
    expect(body).toMatchObject({ success: false, error: { code: "SYS_SERVICE_DEGRADED" } });
    expect(body.data.failed).toEqual(["redis"]);
    expect(body.data.checks.postgres.ok).toBe(true);
    // Why it failed goes to the log, not to the public.
    expect(body.data.checks.redis).toEqual({ ok: false, latencyMs: expect.any(Number) });

    const head = await health("HEAD");
    expect(head.response.status).toBe(503);

    await redisProxy.start();
    expect(await until(async () => (await health()).response.status === 200, 10_000)).toBe(true);
  });

  it("answers 503 naming PostgreSQL while the database is down, and recovers", async () => {
    await postgresProxy.stop();
    const { response, body, ms } = await health();
    expect(response.status).toBe(503);
    expect(ms).toBeLessThan(6_000);
    expect(body.data.failed).toEqual(["postgres"]);
    expect(body.error.message).toContain("postgres");

    await postgresProxy.start();
    expect(await until(async () => (await health()).response.status === 200, 10_000)).toBe(true);
  });
});
