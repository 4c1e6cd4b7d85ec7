// Each queue bounds how long one try of a job may run (QUEUE_POLICIES in
// app/jobs/queues.ts); BullMQ itself has no such limit.

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`no result within ${ms} ms`);
    this.name = "JobTimeoutError";
  }
}

/** Runs one try with the queue's time limit; the processor's signal aborts when it is up. */
export async function withTimeLimit<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), limit]);
  } finally {
    clearTimeout(timer);
  }
}
