import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { onShutdown } from "~/server/lifecycle.server";
import { createRedisConnection, sharedRedisConnection } from "~/server/redis.server";
import { forgetSingleton, singleton } from "~/server/singleton.server";

// "Analysis X changed": the worker publishes it after each write to the
// analysis row, and whoever follows an analysis (a waiting request, a progress
// stream) reads the row again at once. The row stays the truth: a lost message
// only delays the reader until its next regular look (followers also poll).

const channel = () => `${getEnv().QUEUE_PREFIX}:analysis-changed`;

/** Tells the followers of an analysis that its row changed. Never fails the caller. */
export async function publishAnalysisChange(analysisId: string) {
  try {
    await sharedRedisConnection("analysis-events", "app", 40).publish(channel(), analysisId);
  } catch (error) {
    logger.warn({ err: error, analysisId }, "analysis change not published; followers will notice on their next look");
  }
}

type Listener = () => void;

/** The process's one subscription, shared by every follower in it. */
function subscription() {
  return singleton("analysis-events-subscriber", () => {
    const listeners = new Map<string, Set<Listener>>();
    const connection = createRedisConnection("subscriber");
    connection.on("message", (_channel: string, analysisId: string) => {
      for (const listener of listeners.get(analysisId) ?? []) listener();
    });
    const ready = connection.subscribe(channel()).catch((error: unknown) => {
      logger.warn({ err: error }, "analysis change subscription failed; followers poll");
    });
    onShutdown("analysis-events-subscriber", 40, async () => {
      forgetSingleton("analysis-events-subscriber");
      await connection.quit().catch(() => connection.disconnect());
    });
    return { listeners, ready };
  });
}

/** Calls `listener` whenever the analysis is said to have changed; returns the way to stop. */
export async function onAnalysisChange(analysisId: string, listener: Listener): Promise<() => void> {
  const { listeners, ready } = subscription();
  let set = listeners.get(analysisId);
  if (!set) listeners.set(analysisId, (set = new Set()));
  set.add(listener);
  // Waits for the subscription the first time (a few ms), but not for a Redis that is away: polling covers that.
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 500).unref())]);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(analysisId);
  };
}
