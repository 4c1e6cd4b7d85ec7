import { describe, expect, it } from "vitest";
import {
  evictable,
  isTileCache,
  isBuiltAsset,
  isWorkerMessage,
  KEPT_PAGE_FILES_MAX,
  keepable,
  keepableTile,
  onDemandCode,
  strategyFor,
  tileFarm,
} from "./policy";

const origin = "https://asiiko.example";
const get = (path: string, mode = "cors") => ({ method: "GET", url: `${origin}${path}`, mode });

describe("how the service worker answers a request", () => {
  it("answers hashed build files from its cache first", () => {
    expect(strategyFor(get("/assets/entry.client-Q28GDKl_.js", "no-cors"), origin)).toBe("asset");
  });

  it("goes to the network first for pages, the app's data and the kept API reads", () => {
    expect(strategyFor(get("/marketplace?categories=Grains", "navigate"), origin)).toBe("network-first");
    expect(strategyFor(get("/", "navigate"), origin)).toBe("network-first");
    expect(strategyFor(get("/marketplace.data?_routes=routes%2F_app.marketplace"), origin)).toBe("network-first");
    expect(strategyFor(get("/api/market/listings?limit=50"), origin)).toBe("network-first");
    expect(strategyFor(get("/api/market/listings/abc123"), origin)).toBe("network-first");
    expect(strategyFor(get("/api/ai/analyses?limit=10"), origin)).toBe("network-first");
    expect(strategyFor(get("/api/ai/analyses/abc123"), origin)).toBe("network-first");
  });

  it("leaves everything else to the network: writes, the health check, photos, other API reads, other sites", () => {
    expect(strategyFor({ method: "POST", url: `${origin}/api/market/listings`, mode: "cors" }, origin)).toBe("pass");
    expect(strategyFor({ method: "POST", url: `${origin}/auth`, mode: "navigate" }, origin)).toBe("pass");
    expect(strategyFor(get("/api/health"), origin)).toBe("pass");
    expect(strategyFor(get("/uploads/abc/320.webp", "no-cors"), origin)).toBe("pass");
    expect(strategyFor(get("/api/user"), origin)).toBe("pass");
    expect(strategyFor(get("/api/ai/analyses/abc123/events"), origin)).toBe("pass");
    expect(strategyFor(get("/api/ai/analyses/abc123/photo"), origin)).toBe("pass");
    expect(strategyFor(get("/sw.js"), origin)).toBe("pass");
    expect(strategyFor(get("/admin/queues", "navigate"), origin)).toBe("pass");
    expect(strategyFor({ method: "GET", url: "https://tiles.example/1/2/3.png", mode: "no-cors" }, origin)).toBe(
      "pass",
    );
    expect(strategyFor({ method: "GET", url: "not a url", mode: "cors" }, origin)).toBe("pass");
  });
});

describe("what the service worker keeps", () => {
  it("only whole, successful answers of our own", () => {
    expect(keepable({ status: 200, type: "basic", redirected: false })).toBe(true);
    expect(keepable({ status: 200, type: "basic", redirected: true })).toBe(false);
    expect(keepable({ status: 206, type: "basic", redirected: false })).toBe(false);
    expect(keepable({ status: 202, type: "basic", redirected: false })).toBe(false);
    expect(keepable({ status: 404, type: "basic", redirected: false })).toBe(false);
    expect(keepable({ status: 500, type: "basic", redirected: false })).toBe(false);
    expect(keepable({ status: 0, type: "opaque", redirected: false })).toBe(false);
  });
});

describe("making room", () => {
  it("never drops the offline page nor the note of whose pages are kept, whatever their age", () => {
    expect(evictable(`${origin}/offline`)).toBe(false);
    expect(evictable(`${origin}/__asiiko/viewer`)).toBe(false);
    expect(evictable(`${origin}/marketplace`)).toBe(true);
    expect(evictable(`${origin}/offline.data`)).toBe(true);
    expect(evictable(`${origin}/api/market/listings?limit=50`)).toBe(true);
  });
});

describe("messages from the page", () => {
  it("knows its messages and nothing else", () => {
    expect(isWorkerMessage({ type: "clear-data" })).toBe(true);
    expect(isWorkerMessage({ type: "refresh-offline" })).toBe(true);
    expect(isWorkerMessage({ type: "skip" })).toBe(false);
    expect(isWorkerMessage(null)).toBe(false);
    expect(isWorkerMessage("clear-data")).toBe(false);
  });

  it("takes a first visit's code files to keep only when every one is the build's own file", () => {
    const files = ["/assets/_app.mapping-a1.js", "/assets/farm-map.client-b2.js", "/assets/root-c3.css"];
    expect(isWorkerMessage({ type: "keep-page-code", files })).toBe(true);
    expect(isWorkerMessage({ type: "keep-page-code", files: [] })).toBe(true);
    for (const bad of [
      "https://elsewhere.example/assets/x.js",
      "//elsewhere.example/assets/x.js",
      "/api/market/listings",
      "/assets/../api/me.js",
      "/assets/sub/x.js",
      "/assets/x.js?v=1",
      "/uploads/abc/800.webp",
      "/assets/x.html",
    ])
      expect(isWorkerMessage({ type: "keep-page-code", files: [...files, bad] }), bad).toBe(false);
    expect(isWorkerMessage({ type: "keep-page-code", files: "/assets/x.js" })).toBe(false);
    expect(isWorkerMessage({ type: "keep-page-code", files: [42] })).toBe(false);
    const many = Array.from({ length: KEPT_PAGE_FILES_MAX + 1 }, (_, index) => `/assets/c${index}.js`);
    expect(isWorkerMessage({ type: "keep-page-code", files: many })).toBe(false);
    expect(isWorkerMessage({ type: "keep-page-code", files: many.slice(1) })).toBe(true);
    expect(isBuiltAsset("/assets/entry.client-Dv9PrDrD.js")).toBe(true);
  });
});

describe("the code a page may load on demand", () => {
  const map = { "/assets/_app.my-listings-g.js": ["/assets/listing-form-i.js", "/assets/zod-j.js"] };

  it("is the build's list for the page's chunk, whatever the address's origin or query", () => {
    expect(onDemandCode(map, `${origin}/assets/_app.my-listings-g.js`)).toEqual(map["/assets/_app.my-listings-g.js"]);
    expect(onDemandCode(map, `${origin}/assets/_app.my-listings-g.js?v=1`)).toHaveLength(2);
  });

  it("is nothing for other files, and never a name the map's object inherits", () => {
    expect(onDemandCode(map, `${origin}/assets/_app.help-r.js`)).toEqual([]);
    expect(onDemandCode(map, `${origin}/constructor`)).toEqual([]);
    expect(onDemandCode(map, `${origin}/__proto__`)).toEqual([]);
  });
});

describe("map tiles around the reader's farms", () => {
  const areas = {
    templates: ["http://127.0.0.1:4000/terrain/{z}/{x}/{y}.png", "https://{s}.tiles.example.ng/{z}/{x}/{y}.png"],
    farms: [{ farmId: "farm_a", box: { west: 3.378, south: 6.523, east: 3.383, north: 6.528 } }],
  };

  it("names the farm a tile of a keepable source lies over, and nothing for other tiles or sources", () => {
    // Zoom 16 tile over the farm (tile numbers from the standard formula).
    expect(tileFarm("http://127.0.0.1:4000/terrain/16/33383/31577.png", areas)).toEqual({
      farmId: "farm_a",
      key: "http://127.0.0.1:4000/terrain/16/33383/31577.png",
    });
    // Any subdomain is kept under the first, as the page downloads it.
    expect(tileFarm("https://b.tiles.example.ng/16/33383/31577.png", areas)).toEqual({
      farmId: "farm_a",
      key: "https://a.tiles.example.ng/16/33383/31577.png",
    });
    // Far away, another source, not a tile, no areas told yet.
    expect(tileFarm("http://127.0.0.1:4000/terrain/16/0/0.png", areas)).toBeNull();
    expect(tileFarm("https://tile.openstreetmap.org/16/33383/31577.png", areas)).toBeNull();
    expect(tileFarm("http://127.0.0.1:4000/terrain/16/33383/31577.png?x=1", areas)).toBeNull();
    expect(tileFarm("http://127.0.0.1:4000/terrain/16/33383/31577.png", null)).toBeNull();
  });

  it("takes the mapping page's message only in its shape", () => {
    expect(isWorkerMessage({ type: "tile-areas", areas })).toBe(true);
    expect(isWorkerMessage({ type: "tile-areas", areas: { templates: [], farms: [] } })).toBe(true);
    expect(isWorkerMessage({ type: "tile-areas" })).toBe(false);
    expect(isWorkerMessage({ type: "tile-areas", areas: { templates: [1], farms: [] } })).toBe(false);
    expect(
      isWorkerMessage({
        type: "tile-areas",
        areas: { templates: [], farms: [{ farmId: "../x", box: areas.farms[0]!.box }] },
      }),
    ).toBe(false);
    expect(
      isWorkerMessage({
        type: "tile-areas",
        areas: { templates: [], farms: [{ farmId: "f", box: { west: "3", south: 6, east: 3, north: 6 } }] },
      }),
    ).toBe(false);
  });

  it("keeps a tile read whole with CORS, never an opaque or failed answer", () => {
    expect(keepableTile({ status: 200, type: "cors" })).toBe(true);
    expect(keepableTile({ status: 0, type: "opaque" })).toBe(false);
    expect(keepableTile({ status: 404, type: "cors" })).toBe(false);
  });

  it("tells the tile caches from the others, so a new worker keeps them and a sign-out drops them", () => {
    expect(isTileCache("asiiko-tiles-seen-farm_a")).toBe(true);
    expect(isTileCache("asiiko-tiles-kept-farm_a")).toBe(true);
    expect(isTileCache("asiiko-data-v1")).toBe(false);
  });
});
