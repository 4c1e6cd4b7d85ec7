import { describe, expect, it } from "vitest";
import { lazyCodeByPage, type BuiltChunk } from "./lazy-code";

const chunk = (fileName: string, facade: string | null, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  facadeModuleId: facade,
  imports: [],
  dynamicImports: [],
  css: [],
  ...more,
});

describe("lazyCodeByPage", () => {
  const chunks: BuiltChunk[] = [
    chunk("assets/entry.client-a.js", "/w/app/entry.client.tsx", {
      imports: ["assets/react-b.js"],
      dynamicImports: ["assets/fr-c.js", "assets/yo-d.js"],
    }),
    chunk("assets/root-e.js", "/w/app/root.tsx?__remix-build-client-route", {
      imports: ["assets/react-b.js", "assets/button-f.js"],
    }),
    chunk("assets/react-b.js", null),
    chunk("assets/button-f.js", null),
    chunk("assets/fr-c.js", "/w/app/locales/fr.json"),
    chunk("assets/yo-d.js", "/w/app/locales/yo.json"),
    chunk("assets/_app.my-listings-g.js", "/w/app/routes/_app.my-listings.tsx?__remix-build-client-route", {
      imports: ["assets/react-b.js", "assets/card-h.js"],
      dynamicImports: ["assets/listing-form-i.js"],
    }),
    chunk("assets/card-h.js", null),
    chunk("assets/listing-form-i.js", "/w/app/components/listings/listing-form.tsx", {
      imports: ["assets/card-h.js", "assets/button-f.js", "assets/zod-j.js"],
      dynamicImports: ["assets/photo-k.js"],
      css: ["assets/listing-form-l.css"],
    }),
    chunk("assets/zod-j.js", null),
    chunk("assets/photo-k.js", null),
    // The lazy import sits in a module the route imports (a shared chunk of its own), not in the route chunk.
    chunk("assets/_app.mapping-m.js", "/w/app/routes/_app.mapping.tsx?__remix-build-client-route", {
      imports: ["assets/workspace-n.js"],
    }),
    chunk("assets/workspace-n.js", null, { dynamicImports: ["assets/farm-map-o.js"] }),
    chunk("assets/farm-map-o.js", null, { imports: ["assets/leaflet-p.js"], css: ["assets/farm-map-q.css"] }),
    chunk("assets/leaflet-p.js", null),
    chunk("assets/_app.help-r.js", "/w/app/routes/_app.help.tsx?__remix-build-client-route", {
      imports: ["assets/react-b.js"],
    }),
  ];
  const map = lazyCodeByPage(chunks);

  it("keeps a page's lazily imported form with everything it needs that the page has not loaded, CSS included", () => {
    expect(map["/assets/_app.my-listings-g.js"]).toEqual([
      "/assets/listing-form-i.js",
      "/assets/listing-form-l.css",
      "/assets/photo-k.js",
      "/assets/zod-j.js",
    ]);
  });

  it("finds lazy imports in the modules a page imports, not only in its own chunk", () => {
    expect(map["/assets/_app.mapping-m.js"]).toEqual([
      "/assets/farm-map-o.js",
      "/assets/farm-map-q.css",
      "/assets/leaflet-p.js",
    ]);
  });

  it("leaves out what every page shares (other languages' texts) and pages with nothing on demand", () => {
    expect(Object.keys(map).sort()).toEqual(["/assets/_app.mapping-m.js", "/assets/_app.my-listings-g.js"]);
    expect(Object.values(map).flat()).not.toContain("/assets/fr-c.js");
  });

  it("writes addresses under the build's base", () => {
    expect(lazyCodeByPage(chunks, "/app/")["/app/assets/_app.help-r.js"]).toBeUndefined();
    expect(lazyCodeByPage(chunks, "/app/")["/app/assets/_app.my-listings-g.js"]?.[0]).toBe(
      "/app/assets/listing-form-i.js",
    );
  });
});
