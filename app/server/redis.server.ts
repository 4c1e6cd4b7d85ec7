import { Redis, type RedisOptions } from "ioredis";
import { getEnv } from "~/env.server";
import { onShutdown } from "./lifecycle.server";
import { forgetSingleton, singleton } from "./singleton.server";

export type RedisRole = "queue" | "worker" | "health" | "app" | "subscriber";

/**
 * The one Redis connection factory.
 * - worker: blocking commands must wait for Redis to come back (maxRetriesPerRequest null, as BullMQ requires).
 * - subscriber: a pub/sub listener; it waits for Redis to come back and subscribes again.
 * - queue, health, app: a web request should fail fast when Redis is down rather than hang.
 * - queue and app wait for the connection a process is still opening (offline queue), so the
 *   first requests after a start are counted by the rate limits like every later one. Once
 *   the connection has been up, a command sent while it is down fails at once (Redis went
 *   away: waiting for reconnection attempts would hold every request for seconds).
 */
export function createRedisConnection(role: RedisRole, url: string = getEnv().REDIS_URL): Redis {
  const failFast: RedisOptions = {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
  };
  const options: RedisOptions =
    role === "worker" || role === "subscriber"
      ? { maxRetriesPerRequest: null, enableReadyCheck: false }
      : role === "queue"
        ? { ...failFast, enableOfflineQueue: true, maxRetriesPerRequest: 2 }
        : role === "app"
          ? { ...failFast, enableOfflineQueue: true }
          : failFast;
  const connection = new Redis(url, {
    ...options,
    lazyConnect: role === "health",
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    connectionName: `asiiko-${role}`,
  });
  // Errors surface on the commands that fail; an unhandled 'error' event would crash the process.
  connection.on("error", () => {});
  if (role === "queue" || role === "app") {
    // ioredis reads this option on every command.
    connection.once("ready", () => {
      connection.options.enableOfflineQueue = false;
    });
  }
  return connection;
}

/** The process's one connection for `purpose`, made on first use and closed at shutdown (lower `closeOrder` closes first). */
export function sharedRedisConnection(purpose: string, role: RedisRole, closeOrder: number): Redis {
  const name = `redis:${purpose}`;
  return singleton(name, () => {
    const connection = createRedisConnection(role);
    onShutdown(`${purpose}-redis`, closeOrder, async () => {
      forgetSingleton(name);
      await connection.quit().catch(() => connection.disconnect());
    });
    return connection;
  });
}
