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

import { boxesMeet, readTileUrl, tileBox, tileUrl, type Box } from "../lib/tile-math";

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
  | { type: "refresh-offline" }
  /** The mapping page: the tile sources whose terms allow keeping tiles, and the reader's farms. */
  | { type: "tile-areas"; areas: TileAreas }
  /**
   * A page loaded before this worker was in charge (the first visit): the code files it loaded,
   * for the worker to keep with what they may load later, so the page works offline from then on.
   */
  | { type: "keep-page-code"; files: string[] };

/** At most this many files are taken from one "keep-page-code" message. */
export const KEPT_PAGE_FILES_MAX = 200;

/** Whether `path` is one of the build's own code or style files (/assets/…js or .css), nothing else. */
export function isBuiltAsset(path: string): boolean {
  return /^\/assets\/[\w.-]+\.(?:js|css)$/.test(path);
}

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const message = value as { type?: unknown; areas?: unknown; files?: unknown } | null;
  const type = message?.type;
  if (type === "tile-areas") return isTileAreas(message?.areas);
  if (type === "keep-page-code")
    return (
      Array.isArray(message?.files) &&
      message.files.length <= KEPT_PAGE_FILES_MAX &&
      message.files.every((file) => typeof file === "string" && isBuiltAsset(file))
    );
  return type === "clear-data" || type === "refresh-offline";
}

// Map tiles around the reader's own farms, from sources whose terms allow keeping them
// (TILES_*_OFFLINE): the tiles looked at are kept, at most TILE_LIMITS.perFarm a farm and
// TILE_LIMITS.all in all, the oldest going first; a farm downloaded for offline use ("Keep this
// farm offline") has a cache of its own that only the reader empties. A farm's place is the
// reader's: every tile cache goes with the reader's data when someone else signs in or out.

export const TILE_LIMITS = { perFarm: 400, all: 2_000 } as const;
/** How far around a farm its tiles count as the farm's (a farmer looks a little beyond the edge). */
export const TILE_AREA_MARGIN_METRES = 300;
export const SEEN_TILES_PREFIX = "asiiko-tiles-seen-";
export const KEPT_TILES_PREFIX = "asiiko-tiles-kept-";
export const isTileCache = (name: string) => name.startsWith(SEEN_TILES_PREFIX) || name.startsWith(KEPT_TILES_PREFIX);

export interface TileAreas {
  /** Tile templates ({s}, {z}, {x}, {y}) of the sources that allow keeping tiles. */
  templates: string[];
  /** Each farm's box, grown by TILE_AREA_MARGIN_METRES. */
  farms: { farmId: string; box: Box }[];
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function isTileAreas(value: unknown): value is TileAreas {
  const areas = value as Partial<TileAreas> | null;
  return (
    typeof areas === "object" &&
    areas !== null &&
    Array.isArray(areas.templates) &&
    areas.templates.every((template) => typeof template === "string" && template.length < 500) &&
    Array.isArray(areas.farms) &&
    areas.farms.length <= 500 &&
    areas.farms.every(
      (farm) =>
        typeof farm?.farmId === "string" &&
        /^[a-z0-9_-]{1,64}$/i.test(farm.farmId) &&
        [farm.box?.west, farm.box?.south, farm.box?.east, farm.box?.north].every(isNumber),
    )
  );
}

/**
 * The farm a tile request belongs to (a source that allows keeping tiles, a tile over one of the
 * reader's farms), and the address the tile is kept under: the template's first subdomain, so
 * the same tile asked of a.tiles… and b.tiles… is one entry, as the page downloads it.
 */
export function tileFarm(url: string, areas: TileAreas | null): { farmId: string; key: string } | null {
  if (!areas) return null;
  for (const template of areas.templates) {
    const tile = readTileUrl(template, url);
    if (!tile) continue;
    const box = tileBox(tile);
    const farm = areas.farms.find((each) => boxesMeet(each.box, box));
    return farm ? { farmId: farm.farmId, key: tileUrl(template, tile) } : null;
  }
  return null;
}

/** Whether a tile's answer may be kept: the whole image, read with CORS (an opaque answer could be anything). */
export function keepableTile(response: { status: number; type: string }): boolean {
  return response.status === 200 && (response.type === "cors" || response.type === "basic");
}
