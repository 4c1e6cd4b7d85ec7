import { parentPort } from "node:worker_threads";
import type { ErrorCode } from "~/server/errors/catalogue";
import { Refusal, type FieldMessages } from "~/server/refusal";

// The thread's side of app/server/threads.server.ts: says it is ready once its code is loaded,
// takes one input, answers once (its value, the Refusal it threw, or its failure) and is done.

export interface ThreadRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: FieldMessages;
  headers?: Record<string, string>;
  params?: Record<string, string | number>;
}

export type ThreadAnswer<T> = { ready: true } | { value: T } | { refusal: ThreadRefusal } | { error: string };

export function serveThread<I, T>(work: (input: I) => T | Promise<T>) {
  const port = parentPort;
  if (!port) throw new Error("a thread's entry runs in a worker thread (app/server/threads.server.ts)");
  port.once("message", (input: I) => {
    void Promise.resolve()
      .then(() => work(input))
      .then(
        (value): ThreadAnswer<T> => ({ value }),
        (error: unknown): ThreadAnswer<T> =>
          error instanceof Refusal
            ? {
                refusal: {
                  status: error.status,
                  code: error.code,
                  message: error.message,
                  fields: error.fields,
                  headers: error.headers ? Object.fromEntries(new Headers(error.headers)) : undefined,
                  params: error.params,
                },
              }
            : { error: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      )
      .then((answer) => port.postMessage(answer));
  });
  port.postMessage({ ready: true } satisfies ThreadAnswer<T>);
}
