import { randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { singleton } from "~/server/singleton.server";
import { AnswerCache } from "./answer-cache";

// Hot searches ('maize' at market time) answered from memory, never staler than the index:
// every answer is kept under the index's generation, a value in Redis that the indexing
// replaces after each change it applies (as a search engine's request cache is dropped when its
// index refreshes). A process that cannot read the generation searches without the cache; one
// whose change of generation was lost still forgets its answers after ANSWER_TTL_MS.
//
// What only its owner may see (a farm, a paused listing) never enters the answers readers share,
// whatever the timing, by two rules:
// - an answer shared by readers is computed as nobody (public documents only), so it cannot hold
//   an owner's document even when a reader's scope is out of date (their farm was indexed after
//   their scope was read, and before the generation moved);
// - a generation is a random value, never a counter: a Redis restarted empty (or whose keys went)
//   never brings back a generation a process still holds answers and scopes under.

const ANSWER_TTL_MS = 30_000;
/** A generation read slower than this is not worth waiting for: the search runs uncached. */
const GENERATION_READ_LIMIT_MS = 250;

const generationKey = () => `${getEnv().QUEUE_PREFIX}:search:generation`;
const redis = () => sharedRedisConnection("app", "app", 55);

function cache() {
  return singleton("search-answer-cache", () => new AnswerCache(getEnv().SEARCH_CACHE_ENTRIES, ANSWER_TTL_MS));
}

/** A generation no process has seen: 96 random bits. */
const newGeneration = () => randomBytes(12).toString("base64url");

/** Called after the index took in a change: every cached answer is then out of date. */
export async function bumpSearchGeneration() {
  try {
    await redis().set(generationKey(), newGeneration());
  } catch (error) {
    // Answers cached meanwhile live at most ANSWER_TTL_MS.
    logger.warn({ err: error }, "search generation not bumped; cached answers expire on their own");
  }
}

async function currentGeneration(): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // A missing generation (Redis restarted empty) starts as a new one, the same for every process
    // (SET NX GET: the one there, or this one, set only if there was none).
    const fresh = newGeneration();
    const read = redis()
      .set(generationKey(), fresh, "NX", "GET")
      .then((value) => value ?? fresh);
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), GENERATION_READ_LIMIT_MS);
    });
    return await Promise.race([read, late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whose answers a viewer may share: everyone's (the public ones) unless the viewer owns
 * documents only they see (a farm, a paused or hidden listing), whose answers are theirs alone.
 */
async function viewerScope(viewerId: string, generation: string): Promise<string> {
  return cache().remember(`${generation}\u0000viewer\u0000${viewerId}`, async () => {
    const [row] = await prisma.$queryRaw<{ own: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM "Farm" WHERE "ownerId" = ${viewerId})
          OR EXISTS (SELECT 1 FROM "Listing" WHERE "sellerId" = ${viewerId} AND (status = 'paused' OR "hiddenAt" IS NOT NULL)) AS own`;
    return row?.own ? `viewer:${viewerId}` : "public";
  });
}

/**
 * The answer for `query` as `viewerId` sees it, from memory when the index has not changed since
 * it was computed; concurrent identical searches share one computation. `compute(asViewer)`
 * computes it as `asViewer` sees things: the viewer, or null (nobody: public documents only)
 * when the answer is one readers share. `query` must hold everything the answer depends on
 * except the viewer.
 */
export async function cachedAnswer<T>(
  kind: string,
  query: unknown,
  viewerId: string,
  ownOnly: boolean,
  compute: (asViewer: string | null) => Promise<T>,
): Promise<T> {
  if (cache().capacity === 0) return compute(viewerId);
  const generation = await currentGeneration();
  if (generation === null) return compute(viewerId);
  const scope = ownOnly ? `viewer:${viewerId}` : await viewerScope(viewerId, generation);
  const asViewer = scope === "public" ? null : viewerId;
  return cache().remember(`${generation}\u0000${kind}\u0000${scope}\u0000${JSON.stringify(query)}`, () =>
    compute(asViewer),
  );
}
