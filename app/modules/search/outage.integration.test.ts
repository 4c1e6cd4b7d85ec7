import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";

// Nothing is lost when Redis is down: with a Redis of the test's own, the web server and the
// workers running, Redis stops, a seller writes a listing (the write succeeds), Redis starts
// again (empty, as a restarted Redis with no persistence is), and the listing shows up in
// search with nobody running a reindex.

let redis: ChildProcess | undefined;
let port = 0;
const stops: (() => Promise<void>)[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function startRedis() {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  redis = child;
  // Ready once it answers PING.
  const { Redis } = await import("ioredis");
  const probe = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    for (let waited = 0; ; waited += 100) {
      const answer = await probe.connect().then(() => probe.ping(), () => "down");
      if (answer === "PONG") return;
      if (waited > 15_000) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    probe.disconnect();
  }
}

async function stopRedis() {
  const child = redis;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  redis = undefined;
}

beforeAll(async () => {
  port = await freePort();
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  process.env.QUEUE_PREFIX = `outage-${randomBytes(3).toString("hex")}`;
  await startRedis();
  const { startWorkers } = await import("../../../workers/index");
  const { bootWebServer } = await import("../../../tests/support/web");
  const workers = await startWorkers({ queues: ["search-indexing", "maintenance"] });
  const web = await bootWebServer();
  stops.push(() => web.stop(), () => workers.close());
  baseUrl = web.baseUrl;
}, 60_000);

let baseUrl = "";

afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined);
  await stopRedis();
  const { removeCreatedData } = await import("../../../tests/support/api-client");
  await removeCreatedData();
}, 60_000);

it("a listing written while Redis is down is found once Redis is back, with no reindex", async () => {
  const { apiClient, signedInUser } = await import("../../../tests/support/api-client");
  const { searchBackend } = await import("./indexing.server");
  const { prisma } = await import("~/server/db.server");
  const call = apiClient(() => baseUrl);
  const { user, cookie } = await signedInUser("USER", "outage");
  const title = `Ofada rice ${randomBytes(3).toString("hex")}`;
  const body = { title, custom: true, priceNgn: "32000", quantity: 4, condition: "new", images: ["https://example.com/rice.jpg"], status: "active" };

  await stopRedis();
  const written = await call("POST", "/api/market/listings", body, { cookie });
  expect(written.status, JSON.stringify(written.body)).toBe(201);
  const id = written.body.data.listing.id as string;
  // The change waits in the outbox, in the database, with the listing.
  expect(await prisma.searchOutbox.count({ where: { entity: "listing", entityId: id } })).toBe(1);

  await startRedis();
  const find = async () => {
    const answer = await searchBackend().search({ text: title, types: ["listing"], viewerId: user.id, limit: 5 });
    return answer.hits.listing.map((hit) => hit.document.entityId);
  };
  await expect.poll(find, { timeout: 90_000, interval: 500 }).toEqual([id]);
  await expect.poll(() => prisma.searchOutbox.count({ where: { entity: "listing", entityId: id } }), { timeout: 10_000 }).toBe(0);
}, 150_000);
