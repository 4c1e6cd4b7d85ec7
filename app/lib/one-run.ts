// A piece of work that must not run twice at once: a call while it runs shares the run in flight,
// and where the browser can hold a lock (Web Locks) another tab's run waits for this one. The
// outboxes that send what waited for signal use it, so a change is never sent by two runs.

export function oneRunAtATime<T>(lockName: string): (run: () => Promise<T>) => Promise<T> {
  let running: Promise<T> | null = null;
  return (run) => {
    running ??= (async () => {
      try {
        return typeof navigator !== "undefined" && navigator.locks
          ? await navigator.locks.request(lockName, run)
          : await run();
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
