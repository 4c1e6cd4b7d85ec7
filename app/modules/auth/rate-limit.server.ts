import type { Redis } from "ioredis";
import { getEnv } from "~/env.server";
import { createRedisConnection } from "~/jobs/connection.server";
import { ApiFailure } from "~/modules/http/api.server";
import { onShutdown } from "~/modules/lifecycle.server";
import { logger } from "~/modules/logger.server";

// Fixed-window counters in Redis. Limits per IP are generous because many
// Nigerian mobile users share one carrier address; limits per username stop
// password guessing against one account.

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
}

export const AUTH_LIMITS = {
  loginPerIp: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
  loginPerUsername: { name: "login-user", max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register-ip", max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

declare global {
  var __asiikoRateLimitRedis: Redis | undefined;
}

function redis() {
  if (!globalThis.__asiikoRateLimitRedis) {
    const connection = createRedisConnection("app");
    globalThis.__asiikoRateLimitRedis = connection;
    onShutdown("rate-limit-redis", 55, async () => {
      await connection.quit().catch(() => connection.disconnect());
      globalThis.__asiikoRateLimitRedis = undefined;
    });
  }
  return globalThis.__asiikoRateLimitRedis;
}

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
    if (count > limit.max) {
      throw new ApiFailure(429, "RATE_LIMIT_EXCEEDED", "auth.errors.rateLimited", undefined, {
        "Retry-After": String(ttl > 0 ? ttl : limit.windowSeconds),
      });
    }
  });
}

/** Forgets the per-username counter after a successful sign-in. */
export async function clearRateLimit(limit: Limit, key: string) {
  try {
    await redis().del(`${getEnv().QUEUE_PREFIX}:rl:${limit.name}:${key.toLowerCase()}`);
  } catch {
    // Counters are best effort.
  }
}
