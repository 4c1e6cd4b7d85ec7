import { logger } from "~/server/logger.server";
import { runShutdownHooks } from "./lifecycle.server";

// What the web and worker entry points share: one graceful stop on
// SIGINT/SIGTERM (a second signal stops at once), and a logged start failure.

export { isEntryPoint } from "./entry-point";

export function stopGracefullyOnSignal(what: string, stop: () => Promise<void>, forceAfterMs: number) {
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    logger.info({ signal }, `stopping ${what}`);
    setTimeout(() => process.exit(1), forceAfterMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `error while stopping ${what}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  reportHeapOnSignal(what);
}

/**
 * Started with --expose-gc (the scale benchmark does), the process answers SIGUSR2 by collecting
 * its garbage and logging the heap left in use, so a long run can be checked for a leak from
 * outside, without an HTTP address for it. Without the flag, SIGUSR2 is left alone.
 */
function reportHeapOnSignal(what: string) {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (typeof collect !== "function") return;
  process.on("SIGUSR2", () => {
    collect();
    const { heapUsed, rss } = process.memoryUsage();
    logger.info({ heapUsedBytes: heapUsed, rssBytes: rss }, `${what}: heap after a forced collection`);
  });
}

/**
 * A command-line task (seed, reindex, a role change): runs it, reports a failure as
 * `[label] failed: reason` with exit code 1, then closes whatever it opened (the database, the
 * Redis connections the indexing uses), so the process ends when the task does.
 */
export async function runTask(label: string, task: () => Promise<void>) {
  try {
    await task();
  } catch (error) {
    console.error(`[${label}] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await runShutdownHooks();
  }
}

/** Runs an entry point's main function; a failure to start is logged and ends the process. */
export function runMain(what: string, main: () => Promise<void>) {
  main().catch((error: unknown) => {
    logger.fatal({ err: error }, `${what} failed to start`);
    process.exit(1);
  });
}
