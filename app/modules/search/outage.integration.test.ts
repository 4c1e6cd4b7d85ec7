import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ownRedis } from "../../../tests/support/redis-server";

// Nothing is lost when Redis is down: with a Redis of the test's own, the web server and the
// workers running, Redis stops, a seller writes a listing (the write succeeds), Redis starts
// again (empty, as a restarted Redis with no persistence is), and the listing shows up in
// search with nobody running a reindex.

let redis: Awaited<ReturnType<typeof ownRedis>>;
const stops: (() => Promise<void>)[] = [];
const stopRedis = () => redis.stop();
const startRedis = () => redis.start();

beforeAll(async () => {
  redis = await ownRedis();
  process.env.REDIS_URL = redis.url;
  process.env.QUEUE_PREFIX = `outage-${randomBytes(3).toString("hex")}`;
  const { startWorkers } = await import("../../../workers/index");
  const { bootWebServer } = await import("../../../tests/support/web");
  const workers = await startWorkers({ queues: ["search-indexing", "maintenance"] });
  const web = await bootWebServer();
  stops.push(
    () => web.stop(),
    () => workers.close(),
  );
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
  const body = {
    title,
    custom: true,
    priceNgn: "32000",
    quantity: 4,
    condition: "new",
    images: ["/images/products/rice.svg"],
    status: "active",
  };

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
  await expect
    .poll(() => prisma.searchOutbox.count({ where: { entity: "listing", entityId: id } }), { timeout: 10_000 })
    .toBe(0);
}, 150_000);
