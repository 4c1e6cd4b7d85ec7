import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCompiledWorkers, type Started } from "../support/processes";
import { ownRedis } from "../support/redis-server";
import {
  askedAndAnsweredBetween,
  describeAnswer,
  drillListing,
  faultsOf,
  outageDrill,
  slowest,
} from "../support/outage-drill";
import { sendOnce, until } from "../support/traffic";

// Redis stops for 10 s under traffic and comes back empty (as a Redis without persistence
// restarts). Pages and reads that need no queue keep working, and so do listing writes (their
// search change waits in the database); what needs a queue (an error report, a photo) is
// refused at once with 503 SYS_SERVICE_DEGRADED; the web server and the workers (their own
// process, as `npm start` runs them) reconnect by themselves; and every listing written while
// Redis was away is found by search afterwards, with nobody running a reindex.

let redis: Awaited<ReturnType<typeof ownRedis>>;
let workers: Started | undefined;
let web: { baseUrl: string; stop: () => Promise<void> } | undefined;
let seller: { user: { id: string }; cookie: string };

beforeAll(async () => {
  redis = await ownRedis();
  process.env.REDIS_URL = redis.url;
  process.env.QUEUE_PREFIX = `redis-drill-${randomBytes(3).toString("hex")}`;
  workers = startCompiledWorkers({ LOG_LEVEL: "info" });
  const { bootWebServer } = await import("../support/web");
  web = await bootWebServer();
  const { signedInUser } = await import("../support/api-client");
  seller = await signedInUser("USER", "redis_drill");
}, 60_000);

afterAll(async () => {
  await web?.stop();
  const { removeCreatedData, indexPendingChanges } = await import("../support/api-client");
  const { prisma } = await import("~/server/db.server");
  const { recordIndexChange } = await import("~/modules/search/indexing.server");
  if (seller) {
    await prisma.$transaction(async (tx) => {
      for (const { id } of await tx.listing.findMany({ where: { sellerId: seller.user.id }, select: { id: true } }))
        await recordIndexChange(tx, "listing", id);
      await tx.listing.deleteMany({ where: { sellerId: seller.user.id } });
    });
    await indexPendingChanges().catch(() => undefined);
  }
  await removeCreatedData();
  await workers?.stop();
  await redis?.stop();
}, 120_000);

const OUTAGE_MS = 10_000;
const listing = drillListing("Redis drill yam", {
  priceNgn: "8000",
  quantity: 3,
  image: "/images/products/yam.svg",
});
const report = (tag: string) => ({
  errorId: `ERR-${tag}`,
  boundary: "DrillPage",
  level: "page",
  message: "drill",
  timestamp: new Date().toISOString(),
  retryCount: 0,
});

it("keeps pages and writes working for 10 s without Redis, refuses queue work with 503 at once, and catches up by itself", async () => {
  const baseUrl = web!.baseUrl;
  const drill = outageDrill(
    baseUrl,
    [
      { kind: "browse", method: "GET", path: "/api/market/listings?limit=5", cookie: seller.cookie },
      { kind: "marketplace page", method: "GET", path: "/marketplace", cookie: seller.cookie },
      listing.posted(seller.cookie),
      // Sent by visitors from addresses of their own: their limits are not what this drill is about.
      { kind: "error report", method: "POST", path: "/api/errors/frontend", body: report, spoofAddress: true },
    ],
    4,
  );

  await drill.everyKindServed(0, 20_000, "every kind of request served before the outage");
  // A photo sent meanwhile needs the image queue: refused at once, and nothing of it kept.
  const outage = await drill.outage(OUTAGE_MS, redis, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a6b35" } })
      .jpeg()
      .toBuffer();
    return sendMultipart(baseUrl, "/api/uploads", seller.cookie, photo);
  });
  const { stoppedAt, backAt, result: upload } = outage;
  await drill.everyKindServed(backAt, 60_000, "every kind of request served after Redis came back");
  const sent = await drill.stop();

  const describe = describeAnswer(stoppedAt);
  expect(faultsOf(sent).map(describe)).toEqual([]);
  const during = askedAndAnsweredBetween(sent, stoppedAt + 500, backAt);
  expect(during.length).toBeGreaterThan(20);
  // What needs no queue goes on...
  expect(during.filter((answer) => answer.kind !== "error report" && answer.status >= 400).map(describe)).toEqual([]);
  expect(during.filter((answer) => answer.kind === "create listing").length).toBeGreaterThan(0);
  // ...what does is refused, at once, in the catalogue's words.
  const refused = during.filter((answer) => answer.kind === "error report");
  expect(refused.length).toBeGreaterThan(0);
  expect(
    refused.filter((answer) => answer.status !== 503 || answer.code !== "SYS_SERVICE_DEGRADED").map(describe),
  ).toEqual([]);
  expect(slowest(during)).toBeLessThan(3_000);
  expect(upload?.status).toBe(503);
  expect(upload?.code).toBe("SYS_SERVICE_DEGRADED");

  const { prisma } = await import("~/server/db.server");
  expect(await prisma.upload.count({ where: { ownerId: seller.user.id } })).toBe(0);

  // The workers' process reconnected by itself: a report sent now is stored by it.
  const tag = `after${randomBytes(3).toString("hex")}`;
  expect((await sendOnce(baseUrl, "POST", "/api/errors/frontend", { body: report(tag) })).status).toBe(202);
  await until(
    async () => (await prisma.frontendError.count({ where: { errorId: `ERR-${tag}` } })) === 1,
    30_000,
    "the report stored by the worker",
  );

  // Every listing written while Redis was away is found by search, without a reindex.
  const { searchBackend } = await import("~/modules/search/indexing.server");
  const writtenDuring = sent.filter(
    (answer) =>
      answer.kind === "create listing" &&
      answer.status === 201 &&
      answer.startedAt >= stoppedAt &&
      answer.startedAt < backAt,
  );
  expect(writtenDuring.length).toBeGreaterThan(0);
  for (const answer of writtenDuring.slice(0, 5)) {
    await until(
      async () => {
        const found = await searchBackend().search({
          text: listing.title(answer.tag!),
          types: ["listing"],
          viewerId: seller.user.id,
          limit: 5,
        });
        return found.hits.listing.some(
          (hit) => (hit.document as { title?: string }).title === listing.title(answer.tag!),
        );
      },
      90_000,
      `search finds ${listing.title(answer.tag!)}: ${workers!
        .output()
        .split("\n")
        .filter((line) => !line.includes("job completed"))
        .slice(-30)
        .join("\n")}`,
    );
  }
  // And nothing is left waiting in the outbox.
  const ids = (await prisma.listing.findMany({ where: { sellerId: seller.user.id }, select: { id: true } })).map(
    (row) => row.id,
  );
  await until(
    async () => (await prisma.searchOutbox.count({ where: { entity: "listing", entityId: { in: ids } } })) === 0,
    90_000,
    "the outbox emptied",
  );
  expect(workers!.child.exitCode).toBeNull();
}, 180_000);

/** A photo form, as a phone sends it. */
async function sendMultipart(baseUrl: string, path: string, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append("purpose", "listing");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "yam.jpg");
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", body: form, headers: { Cookie: cookie } });
  const body = (await response.json()) as { error?: { code?: string } };
  return { status: response.status, code: body.error?.code ?? null };
}
