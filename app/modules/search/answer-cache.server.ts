import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { singleton } from "~/server/singleton.server";
import { AnswerCache } from "./answer-cache";

// Hot searches ('maize' at market time) answered from memory, never staler than the index:
// every answer is kept under the index's generation, a Redis counter that the indexing bumps
// after each change it applies (as a search engine's request cache is dropped when its index
// refreshes). A process that cannot read the generation searches without the cache; one whose
// bump was lost still forgets its answers after ANSWER_TTL_MS.

const ANSWER_TTL_MS = 30_000;
/** A generation read slower than this is not worth waiting for: the search runs uncached. */
const GENERATION_READ_LIMIT_MS = 250;

const generationKey = () => `${getEnv().QUEUE_PREFIX}:search:generation`;
const redis = () => sharedRedisConnection("app", "app", 55);

function cache() {
  return singleton("search-answer-cache", () => new AnswerCache(getEnv().SEARCH_CACHE_ENTRIES, ANSWER_TTL_MS));
}

/** Called after the index took in a change: every cached answer is then out of date. */
export async function bumpSearchGeneration() {
  try {
    await redis().incr(generationKey());
  } catch (error) {
    // Answers cached meanwhile live at most ANSWER_TTL_MS.
    logger.warn({ err: error }, "search generation not bumped; cached answers expire on their own");
  }
}

async function currentGeneration(): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const read = redis()
      .get(generationKey())
      .then((value) => value ?? "0");
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
 * documents only they see (a farm, a paused listing), whose answers are theirs alone.
 */
async function viewerScope(viewerId: string, generation: string): Promise<string> {
  return cache().remember(`${generation}\u0000viewer\u0000${viewerId}`, async () => {
    const [row] = await prisma.$queryRaw<{ own: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM "Farm" WHERE "ownerId" = ${viewerId})
          OR EXISTS (SELECT 1 FROM "Listing" WHERE "sellerId" = ${viewerId} AND status = 'paused') AS own`;
    return row?.own ? `viewer:${viewerId}` : "public";
  });
}

/**
 * `compute()`'s answer for `query` as `viewerId` sees it, from memory when the index has not
 * changed since it was computed; concurrent identical searches share one computation.
 * `query` must hold everything the answer depends on except the viewer.
 */
export async function cachedAnswer<T>(
  kind: string,
  query: unknown,
  viewerId: string,
  ownOnly: boolean,
  compute: () => Promise<T>,
): Promise<T> {
  if (cache().capacity === 0) return compute();
  const generation = await currentGeneration();
  if (generation === null) return compute();
  const scope = ownOnly ? `viewer:${viewerId}` : await viewerScope(viewerId, generation);
  return cache().remember(`${generation}\u0000${kind}\u0000${scope}\u0000${JSON.stringify(query)}`, compute);
}
