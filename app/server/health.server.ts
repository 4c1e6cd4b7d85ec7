import { sharedRedisConnection } from "~/server/redis.server";
import { prisma } from "~/server/db.server";

export type DependencyName = "postgres" | "redis";
export interface HealthReport {
  ok: boolean;
  checks: Record<DependencyName, { ok: boolean; latencyMs: number; error?: string }>;
}

/** Each dependency gets this long; both run in parallel, so a check answers in about 2 s at worst. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function timed(check: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await withTimeout(check(), HEALTH_CHECK_TIMEOUT_MS);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

const healthRedis = () => sharedRedisConnection("health", "health", 60);

async function pingRedis() {
  const redis = healthRedis();
  if (redis.status === "wait" || redis.status === "end") await redis.connect();
  return redis.ping();
}

export async function checkHealth(): Promise<HealthReport> {
  const [postgres, redisCheck] = await Promise.all([timed(() => prisma.$queryRaw`SELECT 1`), timed(pingRedis)]);
  return { ok: postgres.ok && redisCheck.ok, checks: { postgres, redis: redisCheck } };
}
