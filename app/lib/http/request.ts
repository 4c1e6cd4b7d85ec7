// The generic request helper and the default data-query function (platform
// spec, section 7). Runs in the browser and on the server.

import { getConnectivity } from "./connectivity";
import { ApiError, OfflineError } from "./errors";

export const REQUEST_TIMEOUT_MS = 15_000;

export type ApiRequestOptions = {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

// Called as a plain function so the global fetch keeps its `this`, and looked
// up at call time so a fetch replaced after import is the one used.
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** An empty body is null; anything else must be JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text.trim() === "" ? null : (JSON.parse(text) as unknown);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, await response.text(), response.statusText);
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

/**
 * Sends a JSON request and returns the parsed JSON reply (null for an empty
 * body). Rejects with OfflineError while offline, with an error named
 * "TimeoutError" after `timeoutMs` (15 s), with the caller's abort reason
 * ("AbortError" by default) when the caller aborts, and with ApiError
 * ("status: body or status text") for a non-OK reply.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  if (getConnectivity() === "offline") throw new OfflineError();

  const doFetch = options.fetch ?? globalFetch;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

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
    () => timeout.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  const combined = options.signal ? anySignal([timeout.signal, options.signal]) : null;
  const signal = combined?.signal ?? timeout.signal;
  init.signal = signal;

  try {
    const response = await doFetch(path, init);
    await throwIfNotOk(response);
    return (await readJson(response)) as T;
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

export type QueryFnOptions = {
  /** "returnNull" for queries where 401 means "signed out" (GET /api/user). */
  on401?: "returnNull" | "throw";
  fetch?: typeof fetch;
};

export type QueryFn = (queryKey: readonly unknown[], signal?: AbortSignal) => Promise<unknown>;

/**
 * The default data-query function: the key parts joined with "/" are the URL,
 * e.g. ["/api/premium", "asiiko_ai", "check"] -> "/api/premium/asiiko_ai/check".
 */
export function createQueryFn(options: QueryFnOptions = {}): QueryFn {
  const on401 = options.on401 ?? "throw";
  const doFetch = options.fetch ?? globalFetch;

  return async (queryKey, signal) => {
    const url = queryKey.join("/");
    const init: RequestInit = { credentials: "include" };
    if (signal) init.signal = signal;
    const response = await doFetch(url, init);
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return readJson(response);
  };
}
