import { getEnv } from "~/env.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { Refusal } from "~/server/refusal";
import { logger } from "~/server/logger.server";

// Fixed-window counters in Redis, shared by every route that limits how often
// it may be called (each names its limits beside its rules).

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
  /** What the refusal says (a translation key); by default 'Too many attempts. Try again in N seconds/minutes.' */
  message?: string;
}

/**
 * 429 RATE_LIMIT_EXCEEDED with the real wait: Retry-After in seconds, and a message (unless
 * `message` is given) that says the same wait, in seconds below two minutes, else in minutes
 * rounded up.
 */
export function waitRefusal(seconds: number, message?: string) {
  const wait = Math.max(1, Math.ceil(seconds));
  const [key, params] =
    message !== undefined
      ? [message, undefined]
      : wait === 1
        ? ["apiErrors.tryAgainInASecond", undefined]
        : wait < 120
          ? ["apiErrors.tryAgainInSeconds", { count: wait }]
          : ["apiErrors.tryAgainInMinutes", { count: Math.ceil(wait / 60) }];
  return new Refusal("RATE_LIMIT_EXCEEDED", key, { headers: { "Retry-After": String(wait) }, params });
}

const redis = () => sharedRedisConnection("app", "app", 55);

/**
 * Counts one attempt against each limit; throws 429 RATE_LIMIT_EXCEEDED with
 * Retry-After once any is exceeded. When Redis cannot be reached the attempt
 * is let through (and logged): sign-in must not depend on the counters.
 */
export async function hitRateLimits(hits: { limit: Limit; key: string }[]) {
  const prefix = `${getEnv().QUEUE_PREFIX}:rl`;
  let results: [Error | null, unknown][] | null;
  try {
    const pipeline = redis().multi();
    for (const { limit, key } of hits) {
      const redisKey = `${prefix}:${limit.name}:${key.toLowerCase()}`;
      pipeline.incr(redisKey);
      pipeline.expire(redisKey, limit.windowSeconds, "NX");
      pipeline.ttl(redisKey);
    }
    results = await pipeline.exec();
  } catch (error) {
    logger.warn({ err: error }, "rate limit counters unavailable; allowing the attempt");
    return;
  }
  if (!results) return;
  hits.forEach(({ limit }, index) => {
    const count = Number(results![index * 3]?.[1] ?? 0);
    const ttl = Number(results![index * 3 + 2]?.[1] ?? limit.windowSeconds);
    if (count > limit.max) throw waitRefusal(ttl > 0 ? ttl : limit.windowSeconds, limit.message);
  });
}

/** Forgets a counter (a browser's failed sign-ins, once it signs in). */
export async function clearRateLimit(limit: Limit, key: string) {
  try {
    await redis().del(`${getEnv().QUEUE_PREFIX}:rl:${limit.name}:${key.toLowerCase()}`);
  } catch {
    // Counters are best effort.
  }
}

/**
 * Counts distinct things (say, listings whose seller's phone was shown)
 * rather than attempts: `member` joins the window's set, and once the set
 * would hold more than `limit.max` a new member is refused with 429
 * RATE_LIMIT_EXCEEDED and Retry-After. A member already counted in the window
 * is always let through again. Like hitRateLimits, it lets the attempt
 * through (and logs) when Redis cannot be reached.
 */
export async function hitDistinctRateLimit(limit: Limit, key: string, member: string) {
  const redisKey = `${getEnv().QUEUE_PREFIX}:rl:${limit.name}:${key.toLowerCase()}`;
  let results: [Error | null, unknown][] | null;
  try {
    results = await redis()
      .multi()
      .sadd(redisKey, member)
      .expire(redisKey, limit.windowSeconds, "NX")
      .scard(redisKey)
      .ttl(redisKey)
      .exec();
  } catch (error) {
    logger.warn({ err: error }, "rate limit counters unavailable; allowing the attempt");
    return;
  }
  if (!results) return;
  const added = Number(results[0]?.[1] ?? 0) === 1;
  const count = Number(results[2]?.[1] ?? 0);
  const ttl = Number(results[3]?.[1] ?? limit.windowSeconds);
  if (added && count > limit.max) {
    // Not counted: the set keeps the members that were let through.
    await redis()
      .srem(redisKey, member)
      .catch(() => undefined);
    throw waitRefusal(ttl > 0 ? ttl : limit.windowSeconds, limit.message);
  }
}
