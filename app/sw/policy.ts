// What the service worker keeps, and how it answers each request. Pure, so it
// can be tested without a browser; worker.ts applies it.
//
// - Hashed build files (/assets/*) never change: answered from the cache first,
//   kept as they are used (no list downloaded up front on a costly connection),
//   each page's chunk with the code it may load on demand (lazy-code.ts), so a
//   kept page still opens its form or map offline.
// - Pages, the app's data requests (Remix's *.data) and a few API reads
//   (listings, analyses) go to the network first; what came back is kept, so a
//   farmer who loses the connection still sees what they last saw.
// - Nothing else is touched: writes, uploads, the health check, other sites
//   (the worker does not even see them through: they go to the network as if
//   there were no worker).
// - Every answer names its reader (VIEWER_HEADER: a digest of the session, or
//   "visitor"). When an answer names another reader than the one whose pages
//   are kept (someone signed out, or in, or their session ended), everything
//   kept of the last reader is dropped before anything new is kept.

export const CACHE_VERSION = "v1";
export const ASSET_CACHE = `asiiko-assets-${CACHE_VERSION}`;
export const DATA_CACHE = `asiiko-data-${CACHE_VERSION}`;
export const OWN_CACHES = [ASSET_CACHE, DATA_CACHE] as const;

/** The page a navigation falls back to when it was never kept: it says the phone is offline, in the reader's language. */
export const OFFLINE_PAGE = "/offline";

/** Names the reader an answer was made for: a digest of their session, or VISITOR. Never the session itself. */
export const VIEWER_HEADER = "X-Asiiko-Viewer";
export const VISITOR = "visitor";

/** How many entries each cache keeps (the oldest go first). */
export const LIMITS = { assets: 150, data: 60 } as const;

/** Where the worker notes whose pages it keeps (a worker's memory does not outlive it). */
export const VIEWER_KEY = "/__asiiko/viewer";

/** Whether an entry may go to make room: never the offline page nor the note of whose pages are kept. */
export function evictable(url: string): boolean {
  const path = new URL(url, "http://asiiko.invalid").pathname;
  return path !== OFFLINE_PAGE && path !== VIEWER_KEY;
}

/**
 * The files a page's chunk may load on demand (`map` is the build's, by address), that the
 * worker keeps with it. The map is the build's own, so only its files are ever fetched.
 */
export function onDemandCode(map: Record<string, string[]>, chunkUrl: string): string[] {
  let path: string;
  try {
    path = new URL(chunkUrl, "http://asiiko.invalid").pathname;
  } catch {
    return [];
  }
  return Object.prototype.hasOwnProperty.call(map, path) ? (map[path] ?? []) : [];
}

/** Reads of the API kept for offline use: the marketplace's listings and the farmer's analyses. */
const KEPT_API_READS = [/^\/api\/market\/listings(?:\/|$)/, /^\/api\/ai\/analyses(?:\/[^/]+)?$/];

/** Never kept: the health check must reach the network to mean anything, and uploads are files of their own. */
const NEVER = [/^\/api\/health$/, /^\/uploads\//, /^\/admin\//, /^\/sw\.js$/];

export type Strategy = "asset" | "network-first" | "pass";

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: "navigate" for a page the browser opens. */
  mode: string;
}

/** How the worker answers a request from a page at `origin`. */
export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== "GET") return "pass";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "pass";
  }
  if (url.origin !== origin) return "pass";
  const path = url.pathname;
  if (NEVER.some((pattern) => pattern.test(path))) return "pass";
  if (path.startsWith("/assets/")) return "asset";
  if (request.mode === "navigate") return "network-first";
  if (path.endsWith(".data")) return "network-first";
  if (KEPT_API_READS.some((pattern) => pattern.test(path))) return "network-first";
  return "pass";
}

/** Whether an answer may be kept: a whole, successful answer of our own (no redirect, no error, no partial content). */
export function keepable(response: { status: number; type: string; redirected: boolean }): boolean {
  return response.status === 200 && response.type === "basic" && !response.redirected;
}

/** Messages a page sends the worker. */
export type WorkerMessage =
  /** Someone signed out (or in) here: drop every reader's data. */
  | { type: "clear-data" }
  /** The reader chose another language: fetch the offline page again, in it. */
  | { type: "refresh-offline" };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === "clear-data" || type === "refresh-offline";
}
