import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Leaflet and leaflet-draw (about 60 KB compressed) are the farm map's alone:
// no other page's JavaScript carries them, the mapping page fetches them only
// after it has mounted, and the server never runs them. Read from the
// production build that `npm test` makes before this runs.

const CLIENT = join(process.cwd(), "build/client");
const SERVER = join(process.cwd(), "build/server");

/** Strings found in Leaflet's and leaflet-draw's code and nowhere in ours. */
const LEAFLET = /leaflet-zoom-animated|leaflet-draw-guide-dash/;

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

function manifest(): RemixManifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no Remix manifest in build/client/assets: run the build first");
  const text = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RemixManifest;
}

/** Every script a page loads before it runs: the entry, and each route of its branch with their static imports. */
function pageScripts(routeId: string, built: RemixManifest): string[] {
  const files = new Set([built.entry.module, ...built.entry.imports]);
  for (let route: RouteEntry | undefined = built.routes[routeId]; route; route = route.parentId ? built.routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

const read = (asset: string) => readFileSync(join(CLIENT, asset), "utf8");

describe("where Leaflet is in the build", () => {
  const built = manifest();

  it("is in the map's chunks only (so this test would see it if it moved), leaflet-draw in the drawing tools'", () => {
    const chunks = readdirSync(join(CLIENT, "assets")).filter((name) => name.endsWith(".js") && LEAFLET.test(read(`/assets/${name}`)));
    expect(chunks.length).toBeGreaterThan(0);
    // The map, Leaflet shared by the map and the drawing tools (named by Rollup after its first module), the tools.
    expect(chunks.every((name) => /^(farm-map|leaflet-touch|draw-tools)\.client-[\w-]+\.js$/.test(name)), chunks.join(", ")).toBe(true);
    const drawing = readdirSync(join(CLIENT, "assets")).filter((name) => name.endsWith(".js") && read(`/assets/${name}`).includes("leaflet-draw-guide-dash"));
    expect(drawing).toHaveLength(1);
    expect(drawing[0]).toMatch(/^draw-tools\.client-/);
  });

  it("is not in the JavaScript that /marketplace loads, nor any other page's", () => {
    const pages = Object.values(built.routes).filter((route) => route.module && !route.id.startsWith("routes/api."));
    expect(pages.map((route) => route.id)).toContain("routes/_app.marketplace");
    for (const route of pages) {
      const carrying = pageScripts(route.id, built).filter((asset) => LEAFLET.test(read(asset)));
      expect(carrying, `${route.id} loads Leaflet`).toEqual([]);
    }
  });

  it("is fetched by the mapping page only after it mounts", () => {
    const mapping = pageScripts("routes/_app.mapping", built);
    // Not among what it loads before it runs...
    expect(mapping.filter((asset) => LEAFLET.test(read(asset)))).toEqual([]);
    // ...but named by one of those scripts, for the import() made once the page has mounted.
    expect(mapping.some((asset) => /import\([^)]*farm-map\.client-[\w-]+\.js/.test(read(asset)) || /"[^"]*farm-map\.client-[\w-]+\.js"/.test(read(asset)))).toBe(true);
  });

  it("is never run by the server", () => {
    const server = readdirSync(SERVER, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(SERVER, name), "utf8"))
      .join("\n");
    expect(server).not.toMatch(LEAFLET);
    expect(server).not.toMatch(/from\s*["']leaflet(-draw)?["']|import\(\s*["']leaflet/);
  });
});
