import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";

// The search answer cache never serves what only its owner may see (a farm, a paused listing
// as its seller sees it) from the answers readers share, however the owner's searches, the
// indexing of their change and another reader's identical search fall in time, and when the
// index's generation starts again (Redis restarted empty). Over HTTP against the production
// build, with a Redis of this file's own that the test can restart; the test plays the
// indexing worker step by step (the document taken in, then the generation moved), so it can
// search in between.

const { redis } = await vi.hoisted(async () => {
  const { ownRedis } = await import("../../../tests/support/redis-server");
  const { randomBytes: bytes } = await import("node:crypto");
  const own = await ownRedis();
  process.env.REDIS_URL = own.url;
  process.env.QUEUE_PREFIX = `cache-${bytes(3).toString("hex")}`;
  return { redis: own };
});

const { prisma } = await import("~/server/db.server");
const { sharedRedisConnection } = await import("~/server/redis.server");
const { bumpSearchGeneration } = await import("./answer-cache.server");
const { currentDocument, searchBackend } = await import("./indexing.server");
const { apiClient, signedInUser } = await import("../../../tests/support/api-client");
const { createListing } = await import("../../../tests/support/market");
const { serveForTests } = await import("../../../tests/support/web");

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const documentIds: string[] = [];

afterAll(async () => {
  await searchBackend().remove(documentIds);
  await redis.stop();
});

/** An answer with nothing in it. */
const NOTHING = { farms: [], listings: [], total: 0 };

const word = () => `zc${randomBytes(4).toString("hex")}`;

async function search(text: string, who: SignedIn) {
  const response = await call("GET", `/api/search?q=${encodeURIComponent(text)}`, undefined, { cookie: who.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const ids = (kind: "farms" | "listings") => (response.body.data[kind] as { id: string }[]).map((hit) => hit.id);
  return { farms: ids("farms"), listings: ids("listings"), total: response.body.data.total as number };
}

/** The first half of the indexing worker's job: the entity's document, as it is now, goes into the index. */
async function takeIntoIndex(entity: "farm" | "listing", id: string) {
  const document = await currentDocument(entity, id);
  if (!document) throw new Error(`${entity} ${id} has no document`);
  await searchBackend().upsert([document]);
  documentIds.push(document.id);
}

async function farmOf(owner: SignedIn, name: string) {
  return prisma.farm.create({
    data: { ownerId: owner.user.id, name, crops: ["cassava"], centerLat: 7.3775, centerLng: 3.947, geohash: "s1" },
  });
}

/**
 * Until the web server reads the generation again: its connection for the app's own keys is back
 * after a restart (the server runs in this process, and a process holds one such connection).
 */
async function serverSeesRedis() {
  const connection = sharedRedisConnection("app", "app", 55);
  await expect.poll(() => connection.ping().catch(() => "down"), { timeout: 30_000, interval: 100 }).toBe("PONG");
}

describe("the search answer cache and what only an owner may see", () => {
  it("never hands another reader a farm whose indexing interleaves with their identical search", async () => {
    const [owner, other] = await Promise.all([
      signedInUser("USER", "cache_owner"),
      signedInUser("USER", "cache_other"),
    ]);
    const words = word();
    // Both have searched before: the owner, who has nothing of their own yet, shares everyone's answers.
    await search(word(), owner);
    await search(word(), other);

    // The owner maps a farm; the indexing takes its document in and has not yet said the index changed...
    const farm = await farmOf(owner, `${words} river field`);
    await takeIntoIndex("farm", farm.id);
    // ...when the owner, and then another reader, search for the same words,
    const ownerFirst = await search(words, owner);
    const otherAfter = await search(words, other);
    expect(otherAfter).toEqual(NOTHING);
    expect(ownerFirst.farms.filter((id) => id !== farm.id)).toEqual([]);
    // ...or both at once, sharing whatever computation is running.
    const again = `${words} river`;
    const [ownerTogether, otherTogether] = await Promise.all([search(again, owner), search(again, other)]);
    expect(otherTogether).toEqual(NOTHING);
    expect(ownerTogether.farms.filter((id) => id !== farm.id)).toEqual([]);

    // Once the indexing has moved the generation, the owner finds the farm; the other reader still does not.
    await bumpSearchGeneration();
    expect((await search(words, owner)).farms).toEqual([farm.id]);
    expect(await search(words, other)).toEqual(NOTHING);
  });

  it("never hands another reader a listing its seller has just paused", async () => {
    const [seller, other] = await Promise.all([
      signedInUser("USER", "cache_seller"),
      signedInUser("USER", "cache_buyer"),
    ]);
    const words = word();
    const listing = await createListing(seller.user.id, { title: `${words} smoked catfish`, locality: "Ibadan" });
    await takeIntoIndex("listing", listing.id);
    await bumpSearchGeneration();
    // On sale: everyone finds it, the seller through everyone's answers (an active listing is not theirs alone).
    expect((await search(words, other)).listings).toEqual([listing.id]);
    expect((await search(word(), seller)).listings).toEqual([]);

    // The seller pauses it; the indexing takes the paused document in, not yet having moved the generation...
    await prisma.listing.update({ where: { id: listing.id }, data: { status: "paused" } });
    await takeIntoIndex("listing", listing.id);
    const fresh = `${words} smoked`;
    const sellerFirst = await search(fresh, seller);
    expect(sellerFirst.listings.filter((id) => id !== listing.id)).toEqual([]);
    // ...and another reader's identical search does not find it.
    expect(await search(fresh, other)).toEqual(NOTHING);

    await bumpSearchGeneration();
    expect((await search(fresh, seller)).listings).toEqual([listing.id]);
    expect(await search(fresh, other)).toEqual(NOTHING);
  });

  it("never hands another reader an owner's farm after Redis restarts empty and the generation starts again", async () => {
    const [owner, other] = await Promise.all([
      signedInUser("USER", "cache_owner"),
      signedInUser("USER", "cache_other"),
    ]);
    const words = word();
    // Redis starts empty: whatever generation the index had is gone.
    await redis.stop();
    await redis.start();
    await serverSeesRedis();
    // The owner, with nothing of their own yet, searches: their answers are everyone's at this generation.
    await search(word(), owner);

    // They map a farm; it is indexed, and the index's generation moves.
    const farm = await farmOf(owner, `${words} hill plot`);
    await takeIntoIndex("farm", farm.id);
    await bumpSearchGeneration();
    expect((await search(words, owner)).farms).toEqual([farm.id]);

    // Redis restarts empty again: the generation starts again where it started before.
    await redis.stop();
    await redis.start();
    await serverSeesRedis();
    const fresh = `${words} hill`;
    const ownerAfter = await search(fresh, owner);
    expect(ownerAfter.farms.filter((id) => id !== farm.id)).toEqual([]);
    expect(await search(fresh, other)).toEqual(NOTHING);
    // And with the generation moving on from there, as the indexing moves it.
    await bumpSearchGeneration();
    expect((await search(fresh, owner)).farms).toEqual([farm.id]);
    expect(await search(fresh, other)).toEqual(NOTHING);
  });
});
