/// <reference lib="webworker" />
import {
  ASSET_CACHE,
  DATA_CACHE,
  evictable,
  isTileCache,
  isWorkerMessage,
  keepable,
  keepableTile,
  KEPT_TILES_PREFIX,
  SEEN_TILES_PREFIX,
  TILE_LIMITS,
  tileFarm,
  type TileAreas,
  LIMITS,
  onDemandCode,
  OFFLINE_PAGE,
  OWN_CACHES,
  strategyFor,
  VIEWER_HEADER,
  VIEWER_KEY,
} from "./policy";

// The service worker (built to /sw.js by vite.config.ts). policy.ts says what
// is kept and how each request is answered; this file does it.

declare const self: ServiceWorkerGlobalScope;

/** Each page's on-demand code, by the page's own chunk (written in by the build: app/sw/lazy-code.ts). */
declare const __ASIIKO_LAZY_CODE__: Record<string, string[]>;

/**
 * Bumped whenever the reader's data is dropped: an answer that left for the
 * network before a sign-out is not kept when it comes back after it.
 */
let generation = 0;
let viewer: string | null | undefined;

async function keptViewer(): Promise<string | null> {
  if (viewer === undefined) {
    const noted = await caches.match(VIEWER_KEY, { cacheName: DATA_CACHE });
    viewer = noted ? await noted.text() : null;
  }
  return viewer;
}

async function clearData(next: string | null) {
  generation += 1;
  viewer = next;
  tileAreas = null;
  await caches.delete(DATA_CACHE);
  // The tiles around the last reader's farms say where their farms are.
  for (const name of await caches.keys()) if (isTileCache(name)) await caches.delete(name);
  if (next !== null) await (await caches.open(DATA_CACHE)).put(VIEWER_KEY, new Response(next));
}

/** An answer for another reader than the kept one: drop the kept one's data first. */
async function follow(response: Response) {
  const named = response.headers.get(VIEWER_HEADER);
  if (named === null || named === (await keptViewer())) return;
  await clearData(named);
  await refreshOfflinePage();
}

async function refreshOfflinePage() {
  try {
    const response = await fetch(OFFLINE_PAGE, { credentials: "same-origin", cache: "no-store" });
    if (keepable(response)) await (await caches.open(DATA_CACHE)).put(OFFLINE_PAGE, response);
  } catch {
    // Offline now: the page kept before (if any) stays.
  }
}

/** Drops the oldest entries past `limit` (a cache lists its keys in the order they were put); the worker's own two stay. */
async function trim(cacheName: string, limit: number) {
  const cache = await caches.open(cacheName);
  const keys = (await cache.keys()).filter((key) => evictable(key.url));
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

async function keep(cacheName: string, limit: number, request: Request, response: Response, startedIn: number) {
  if (!keepable(response) || startedIn !== generation) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  if (startedIn !== generation) {
    // A sign-out came while this was being written.
    await cache.delete(request);
    return;
  }
  await trim(cacheName, limit);
}

/**
 * The page chunks whose on-demand code this worker has seen all kept: each page's files are
 * looked for once per worker's life, not again at every visit of the page (a worker stopped
 * while idle, as browsers do, looks again when it starts).
 */
const onDemandKept = new Set<string>();

/**
 * Keeps the code a page may load later (its form, its map) together with the page's own
 * code, so that the page, kept for offline use, still opens them without a connection.
 */
async function keepOnDemandCode(pageChunk: string) {
  if (onDemandKept.has(pageChunk)) return;
  const files = onDemandCode(__ASIIKO_LAZY_CODE__, pageChunk);
  if (files.length === 0) return;
  const cache = await caches.open(ASSET_CACHE);
  let all = true;
  for (const file of files) {
    if (await cache.match(file, { ignoreVary: true })) continue;
    try {
      const response = await fetch(file, { credentials: "same-origin" });
      if (keepable(response)) await cache.put(file, response);
      else all = false;
    } catch {
      // The connection went: the page says so in place if it needs the file later.
      return;
    }
  }
  if (all) onDemandKept.add(pageChunk);
  await trim(ASSET_CACHE, LIMITS.assets);
}

/**
 * A page loaded before this worker was in charge names the code files it loaded: each is kept
 * (fetched again where the browser's cache has it: the page already paid for it), with what it
 * may load on demand, so the first visit's page still opens its map tools or its form offline.
 */
async function keepPageCode(files: string[]) {
  const cache = await caches.open(ASSET_CACHE);
  for (const file of files) {
    if (!(await cache.match(file, { ignoreVary: true }))) {
      try {
        const response = await fetch(file, { credentials: "same-origin" });
        if (keepable(response)) await cache.put(file, response);
      } catch {
        // The connection went: what was not kept is fetched when next needed.
        return;
      }
    }
    await keepOnDemandCode(new URL(file, self.location.origin).href);
  }
  await trim(ASSET_CACHE, LIMITS.assets);
}

async function fromAssetCache(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: ASSET_CACHE, ignoreVary: true });
  if (cached) {
    // Kept before the page's on-demand code was (or after it was trimmed away): keep it now.
    event.waitUntil(keepOnDemandCode(event.request.url));
    return cached;
  }
  const response = await fetch(event.request);
  event.waitUntil(
    keep(ASSET_CACHE, LIMITS.assets, event.request, response.clone(), generation).then(() =>
      keepOnDemandCode(event.request.url),
    ),
  );
  return response;
}

async function networkFirst(event: FetchEvent): Promise<Response> {
  const startedIn = generation;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await caches.match(event.request, { cacheName: DATA_CACHE, ignoreVary: true });
    if (cached) return cached;
    if (event.request.mode === "navigate") {
      const offline = await caches.match(OFFLINE_PAGE, { cacheName: DATA_CACHE });
      if (offline) return offline;
    }
    throw error;
  }
  // An answer that left before the reader changed is neither followed nor kept: it may be the last reader's.
  if (startedIn !== generation) return response;
  const copy = response.clone();
  event.waitUntil(
    (async () => {
      await follow(copy);
      await keep(DATA_CACHE, LIMITS.data, event.request, copy, generation);
    })(),
  );
  return response;
}

/** Where the reader's farms are and which sources allow keeping tiles: told by the mapping page, noted in the data cache. */
let tileAreas: TileAreas | null | undefined;
const TILE_AREAS_KEY = "/__asiiko/tile-areas";

async function knownTileAreas(): Promise<TileAreas | null> {
  if (tileAreas === undefined) {
    const noted = await caches.match(TILE_AREAS_KEY, { cacheName: DATA_CACHE });
    tileAreas = noted ? ((await noted.json()) as TileAreas) : null;
  }
  return tileAreas;
}

async function noteTileAreas(areas: TileAreas) {
  tileAreas = areas;
  await (await caches.open(DATA_CACHE)).put(TILE_AREAS_KEY, Response.json(areas));
}

/** Drops the oldest looked-at tiles past each farm's limit, then, farm by farm, past the limit in all. */
async function trimTiles(farmId: string) {
  await trim(`${SEEN_TILES_PREFIX}${farmId}`, TILE_LIMITS.perFarm);
  const names = (await caches.keys()).filter((name) => name.startsWith(SEEN_TILES_PREFIX));
  const counts = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).length));
  let over = counts.reduce((sum, count) => sum + count, 0) - TILE_LIMITS.all;
  // Other farms give way first; the farm being looked at last.
  const order = names
    .map((name, index) => ({ name, count: counts[index]! }))
    .sort((a, b) => (a.name.endsWith(farmId) ? 1 : b.name.endsWith(farmId) ? -1 : 0));
  for (const { name, count } of order) {
    if (over <= 0) break;
    const cache = await caches.open(name);
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.min(over, count))) await cache.delete(key);
    over -= Math.min(over, count);
  }
}

/** A tile over one of the reader's farms: kept ones first (no data spent), else fetched and kept under `key`. */
async function farmTile(event: FetchEvent, farmId: string, key: string): Promise<Response> {
  const kept =
    (await caches.match(key, { cacheName: `${KEPT_TILES_PREFIX}${farmId}` })) ??
    (await caches.match(key, { cacheName: `${SEEN_TILES_PREFIX}${farmId}` }));
  if (kept) return kept;
  const startedIn = generation;
  const response = await fetch(event.request);
  if (keepableTile(response)) {
    const copy = response.clone();
    event.waitUntil(
      (async () => {
        if (startedIn !== generation) return;
        await (await caches.open(`${SEEN_TILES_PREFIX}${farmId}`)).put(key, copy);
        await trimTiles(farmId);
      })(),
    );
  }
  return response;
}

// Read as the worker starts, so a page opened without signal finds its farms' tiles at once.
void knownTileAreas().catch(() => {
  tileAreas = null;
});

self.addEventListener("install", (event) => {
  event.waitUntil(refreshOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("asiiko-") && !(OWN_CACHES as readonly string[]).includes(name) && !isTileCache(name))
          await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === "asset") event.respondWith(fromAssetCache(event));
  else if (strategy === "network-first") event.respondWith(networkFirst(event));
  else if (event.request.method === "GET") {
    // A map tile of a source that allows keeping it, over one of the reader's farms; decided at
    // once (anything else is never touched), from what the worker knows when the request comes.
    if (tileAreas === undefined) event.waitUntil(knownTileAreas());
    const tile = tileFarm(event.request.url, tileAreas ?? null);
    if (tile) event.respondWith(farmTile(event, tile.farmId, tile.key));
  }
  // Anything else goes to the network untouched.
});

self.addEventListener("message", (event) => {
  if (!isWorkerMessage(event.data)) return;
  const message = event.data;
  event.waitUntil(
    message.type === "clear-data"
      ? clearData(null).then(refreshOfflinePage)
      : message.type === "tile-areas"
        ? noteTileAreas(message.areas)
        : message.type === "keep-page-code"
          ? keepPageCode(message.files)
          : refreshOfflinePage(),
  );
});
