// The request helper for the client's JSON calls: credentials always, a 15 s
// time-out per attempt, an at-once refusal while offline, and an optional retry
// policy (./constants.ts). Runs in the browser and on the server.

import { getConnectivity } from "./connectivity";
import { REQUEST_TIMEOUT_MS, type RetryPolicy } from "./constants";
import { ApiError, OfflineError } from "./errors";
import { retryDelay } from "./retry";

export type ApiRequestOptions = {
  /** The caller's abort, combined with the 15 s time-out. An abort is never retried. */
  signal?: AbortSignal;
  /** Tries again after the failures this policy retries; without it, one attempt. */
  retry?: RetryPolicy;
};

/** An empty body is null; anything else must be JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text.trim() === "" ? null : (JSON.parse(text) as unknown);
}

type CombinedSignal = { signal: AbortSignal; dispose: () => void };

// AbortSignal.any is missing from browsers before 2023 (Safari < 17.4).
function anySignal(signals: AbortSignal[]): CombinedSignal {
  if (typeof AbortSignal.any === "function") {
    return { signal: AbortSignal.any(signals), dispose: () => {} };
  }
  const controller = new AbortController();
  const already = signals.find((s) => s.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const unlink = () => {
    for (const s of signals) s.removeEventListener("abort", onAbort);
  };
  function onAbort(this: AbortSignal) {
    unlink();
    controller.abort(this.reason);
  }
  for (const s of signals) s.addEventListener("abort", onAbort);
  return { signal: controller.signal, dispose: unlink };
}

/** One attempt, with its own 15 s time-out. */
async function send(
  method: string,
  path: string,
  body: unknown,
  callerSignal: AbortSignal | undefined,
): Promise<unknown> {
  const init: RequestInit = {
    // fetch upper-cases only some methods; "patch" would be sent as written.
    method: method.toUpperCase(),
    credentials: "include",
  };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }

  // A timer of our own rather than AbortSignal.timeout: it can be cleared once
  // the reply is in, and its reason is a TimeoutError in every runtime.
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException(`Request timed out after ${REQUEST_TIMEOUT_MS} ms`, "TimeoutError")),
    REQUEST_TIMEOUT_MS,
  );
  const combined = callerSignal ? anySignal([timeout.signal, callerSignal]) : null;
  const signal = combined?.signal ?? timeout.signal;
  init.signal = signal;

  try {
    // The global fetch, looked up at each call.
    const response = await fetch(path, init);
    if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
    return await readJson(response);
  } catch (error) {
    // Some browsers reject an aborted fetch with a generic AbortError whatever
    // the reason; the combined signal's reason says which of the two fired first.
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    combined?.dispose();
  }
}

// Resolves after `ms`, or rejects with the caller's abort reason as soon as it aborts.
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Sends a JSON request and returns the parsed JSON reply (null for an empty
 * body). Rejects with OfflineError while offline, without calling the network;
 * with an error named "TimeoutError" when an attempt takes 15 s; with the
 * caller's abort reason ("AbortError" by default) when the caller aborts; and
 * with ApiError ("status: body or status text") for a non-OK reply. With a
 * retry policy, a failure of a retried type is tried again after the policy's
 * wait; the last failure is the one thrown.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const { signal, retry } = options;
  for (let attemptsMade = 0; ;) {
    // Checked before every attempt: while offline a request fails at once, a retry too.
    if (getConnectivity() === "offline") throw new OfflineError();
    try {
      return (await send(method, path, body, signal)) as T;
    } catch (error) {
      attemptsMade += 1;
      // The caller's own abort ends the request; only our time-out counts as a TIMEOUT to retry.
      const delay = retry && !signal?.aborted ? retryDelay(error, attemptsMade, retry) : null;
      if (delay === null) throw error;
      await wait(delay, signal);
    }
  }
}
