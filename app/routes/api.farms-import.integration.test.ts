import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LngLat } from "~/lib/geo";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import { ringAreaHectares } from "~/modules/farms/polygon";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  removeCreatedData,
  removeFarms,
  signedInUser,
  subscribe,
  type SignedIn,
} from "../../tests/support/api-client";
import { bootWebServer } from "../../tests/support/web";
import { rectangle } from "../../tests/support/rings";
import { postChunkedMultipart } from "../../tests/support/chunked-post";

// POST /api/farms/{id}/import over HTTP, against the real database: boundary files from Google
// Earth (KML, KMZ), other farm apps (GeoJSON) and GPS devices, previewed without a write, then
// saved exactly as previewed; every shape checked as a drawn one is; broken and huge files refused
// with the catalogue's codes, and nothing written by a refusal.

let web: Awaited<ReturnType<typeof bootWebServer>>;
const call = apiClient(() => web.baseUrl);
let owner: SignedIn;
let stranger: SignedIn;
let unpaid: SignedIn;

beforeAll(async () => {
  web = await bootWebServer();
  [owner, stranger, unpaid] = await Promise.all([
    signedInUser("USER", "import"),
    signedInUser("USER", "import_other"),
    signedInUser("USER", "import_unpaid"),
  ]);
  await subscribe(owner.user.id);
  await subscribe(stranger.user.id);
  // The unpaid user's trial day is long over.
  await prisma.user.update({
    where: { id: unpaid.user.id },
    data: { createdAt: new Date(Date.now() - 48 * 3_600_000) },
  });
});

afterAll(async () => {
  await removeFarms({ ownerId: { in: [owner, stranger, unpaid].filter(Boolean).map((signed) => signed.user.id) } });
  await removeCreatedData();
  await web?.stop();
});

const FARM_RING = rectangle(3.91, 7.52, 3.915, 7.525); // about 30 ha near Ibadan
const YAM_RING = rectangle(3.911, 7.521, 3.912, 7.522);
const MAIZE_RING = rectangle(3.913, 7.521, 3.914, 7.523);
const FAR_RING = rectangle(3.95, 7.55, 3.951, 7.551); // 4 km away
const BOW_TIE: LngLat[] = [
  [3.9112, 7.5212],
  [3.9118, 7.5218],
  [3.9118, 7.5212],
  [3.9112, 7.5218],
  [3.9112, 7.5212],
];

const kmlCoordinates = (ring: LngLat[]) => ring.map(([lng, lat]) => `${lng},${lat},0`).join(" ");
function placemark(name: string | null, ring: LngLat[]) {
  return `<Placemark>${name === null ? "" : `<name>${name}</name>`}<Polygon><outerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(ring)}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
}
function kml(...placemarks: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.google.com/kml/2.2"><Document><name>Survey</name>${placemarks.join("")}<Placemark><name>Well</name><Point><coordinates>3.912,7.522,0</coordinates></Point></Placemark></Document></kml>`;
}
function geojson(...features: { name?: string; ring: LngLat[] }[]) {
  return JSON.stringify({
    type: "FeatureCollection",
    features: features.map(({ name, ring }) => ({
      type: "Feature",
      properties: name ? { name } : {},
      geometry: { type: "Polygon", coordinates: [ring] },
    })),
  });
}

async function newFarm(signed: SignedIn, boundary: LngLat[] | null = null) {
  const response = await call(
    "POST",
    "/api/farms",
    {
      name: "Import farm",
      centerLat: 7.5225,
      centerLng: 3.9125,
      ...(boundary
        ? { boundary: { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [boundary] } } }
        : {}),
    },
    { cookie: signed.cookie },
  );
  expect(response.status).toBe(201);
  return response.body.farm as { id: string };
}

function importForm(file: string | Uint8Array, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(typeof file === "string" ? strToU8(file) : file)]), filename);
  return form;
}

function send(farmId: string, form: FormData, signed: SignedIn = owner, headers: Record<string, string> = {}) {
  return call("POST", `/api/farms/${farmId}/import`, undefined, { cookie: signed.cookie, form, headers });
}

async function written(farmId: string) {
  const farm = await prisma.farm.findUniqueOrThrow({ where: { id: farmId } });
  const plots = await prisma.plot.findMany({ where: { farmId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { boundary: farm.boundary, areaHectares: farm.areaHectares, plots };
}

describe("importing a boundary file", () => {
  it("previews a Google Earth KML without writing, then saves the boundary and named plots exactly as previewed", async () => {
    const farm = await newFarm(owner);
    const file = kml(placemark("Whole farm", FARM_RING), placemark("Yam field", YAM_RING), placemark(null, MAIZE_RING));
    const preview = await send(farm.id, importForm(file, "farm.kml", { use: "boundary" }));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      success: true,
      saved: false,
      format: "kml",
      skipped: 1,
      counts: { boundary: true, plots: 2, refused: 0 },
      message: "2 plots ready to import",
    });
    expect(preview.body.shapes.map((shape: { name: string; role: string }) => [shape.name, shape.role])).toEqual([
      ["Whole farm", "boundary"],
      ["Yam field", "plot"],
      ["Imported shape 1", "plot"],
    ]);
    expect(preview.body.shapes[0].areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
    expect(preview.body.shapes[0].geometry.geometry.coordinates[0]).toEqual(FARM_RING);
    expect(await written(farm.id)).toMatchObject({ boundary: null, plots: [] });

    const saved = await send(farm.id, importForm(file, "farm.kml", { use: "boundary", mode: "save" }));
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ success: true, saved: true, message: "2 plots imported" });
    expect(saved.body.farm.areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
    expect(saved.body.farm.plotCount).toBe(2);
    expect(saved.body.plots.map((plot: { name: string }) => plot.name).sort()).toEqual([
      "Imported shape 1",
      "Yam field",
    ]);
    const after = await written(farm.id);
    expect(after.areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
    expect(after.plots).toHaveLength(2);
    const yam = after.plots.find((plot) => plot.name === "Yam field")!;
    expect(yam.type).toBe("field");
    expect(yam.areaHectares).toBeCloseTo(ringAreaHectares(YAM_RING), 6);
    // The API lists them as it lists drawn plots.
    const listed = await call("GET", `/api/farms/${farm.id}/plots`, undefined, { cookie: owner.cookie });
    expect(listed.body.plots.map((plot: { name: string }) => plot.name).sort()).toEqual([
      "Imported shape 1",
      "Yam field",
    ]);
  });

  it("reads a KMZ as Google Earth saves it, and GeoJSON from another farm app, into an existing boundary", async () => {
    const farm = await newFarm(owner, FARM_RING);
    const kmz = zipSync({
      "doc.kml": strToU8(kml(placemark("Cassava", YAM_RING))),
      "files/icon.png": new Uint8Array(8),
    });
    const fromKmz = await send(farm.id, importForm(kmz, "farm.kmz", { mode: "save" }));
    expect(fromKmz.status).toBe(201);
    expect(fromKmz.body.format).toBe("kmz");
    expect(fromKmz.body.plots.map((plot: { name: string }) => plot.name)).toEqual(["Cassava"]);
    const fromGeoJson = await send(
      farm.id,
      importForm(geojson({ name: "Pepper", ring: MAIZE_RING }), "fields.geojson", { use: "plots", mode: "save" }),
    );
    expect(fromGeoJson.status).toBe(201);
    expect(fromGeoJson.body.format).toBe("geojson");
    const after = await written(farm.id);
    expect(after.plots.map((plot) => plot.name)).toEqual(["Cassava", "Pepper"]);
    // The farm's boundary was not touched by plots.
    expect(after.areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
  });

  it("shows a crossing polygon and a plot outside the farm as refused with their reasons, and saves only the good one", async () => {
    const farm = await newFarm(owner, FARM_RING);
    const file = geojson(
      { name: "Bow tie", ring: BOW_TIE },
      { name: "Far field", ring: FAR_RING },
      { name: "Good", ring: YAM_RING },
    );
    const preview = await send(farm.id, importForm(file, "fields.json"));
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ boundary: false, plots: 1, refused: 2 });
    const [bowTie, far, good] = preview.body.shapes;
    expect(bowTie).toMatchObject({
      role: "refused",
      problem: "mapping.geometry.edgesCross",
      reason: "shape edges cannot cross",
      areaHectares: null,
    });
    expect(far).toMatchObject({
      role: "refused",
      problem: "mapping.geometry.outsideFarm",
      reason: "The plot must lie inside the farm boundary",
    });
    expect(good).toMatchObject({ role: "plot", problem: null, reason: null });
    // The reasons are in the reader's language.
    const hausa = await send(farm.id, importForm(file, "fields.json"), owner, { "Accept-Language": "ha" });
    expect(hausa.body.shapes[0].reason).toBe("gefunan siffa ba za su ketare juna ba");
    const saved = await send(farm.id, importForm(file, "fields.json", { mode: "save" }));
    expect(saved.status).toBe(201);
    expect((await written(farm.id)).plots.map((plot) => plot.name)).toEqual(["Good"]);
  });

  it("refuses to save a file whose every shape is refused, writing nothing", async () => {
    const farm = await newFarm(owner, FARM_RING);
    const file = geojson({ name: "Bow tie", ring: BOW_TIE });
    const preview = await send(farm.id, importForm(file, "bad.geojson"));
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ boundary: false, plots: 0, refused: 1 });
    const saved = await send(farm.id, importForm(file, "bad.geojson", { mode: "save" }));
    expect(saved.status).toBe(400);
    expect(saved.body.error.code).toBe("FARM_BOUNDARY_INVALID");
    expect((await written(farm.id)).plots).toHaveLength(0);
  });

  it("simplifies a GPS device's trace of 3,000 points to the corners a shape may have", async () => {
    const farm = await newFarm(owner);
    const trace: LngLat[] = [];
    for (let step = 0; step < 3_000; step += 1) {
      const angle = (2 * Math.PI * step) / 3_000;
      trace.push([3.9125 + 0.002 * Math.cos(angle), 7.5225 + 0.002 * Math.sin(angle)]);
    }
    trace.push(trace[0]!);
    const saved = await send(
      farm.id,
      importForm(kml(placemark("Walked", trace)), "walk.kml", { use: "boundary", mode: "save" }),
    );
    expect(saved.status).toBe(201);
    const [walked] = saved.body.shapes;
    expect(walked).toMatchObject({ role: "boundary", simplifiedFrom: 3_000 });
    const corners = walked.geometry.geometry.coordinates[0].length - 1;
    expect(corners).toBeLessThanOrEqual(MAPPING_LIMITS.maxVertices);
    expect(corners).toBeGreaterThan(50);
    // The outline keeps its area to within a percent.
    expect(saved.body.farm.areaHectares / ringAreaHectares(trace)).toBeCloseTo(1, 2);
  });

  it("marks the plots past the farm's limit as refused and saves the rest", async () => {
    const farm = await newFarm(owner, FARM_RING);
    await prisma.plot.createMany({
      data: Array.from({ length: MAPPING_LIMITS.plotsPerFarm - 1 }, (_, index) => ({
        farmId: farm.id,
        name: `Old ${index}`,
        type: "field" as const,
        crops: [],
      })),
    });
    const file = geojson({ name: "Last", ring: YAM_RING }, { name: "One too many", ring: MAIZE_RING });
    const saved = await send(farm.id, importForm(file, "two.geojson", { mode: "save" }));
    expect(saved.status).toBe(201);
    expect(
      saved.body.shapes.map((shape: { role: string; problem: string | null }) => [shape.role, shape.problem]),
    ).toEqual([
      ["plot", null],
      ["refused", "mapping.errors.tooManyPlots"],
    ]);
    expect(await prisma.plot.count({ where: { farmId: farm.id } })).toBe(MAPPING_LIMITS.plotsPerFarm);
  });
});

describe("import: what is refused", () => {
  it("refuses a file over 5 MB with 413 before reading it, and a KMZ that unpacks too far", async () => {
    const farm = await newFarm(owner);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x20);
    const tooBig = await send(farm.id, importForm(huge, "huge.kml"));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe("FILE_TOO_LARGE");
    const bomb = zipSync({ "doc.kml": new Uint8Array(21 * 1024 * 1024).fill(0x20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const unpacked = await send(farm.id, importForm(bomb, "bomb.kmz"));
    expect(unpacked.status).toBe(413);
    expect(unpacked.body.error.code).toBe("FILE_TOO_LARGE");
    // A client that never says how much it sends is stopped at the cap too.
    expect(await postChunkedMultipart(web.baseUrl, `/api/farms/${farm.id}/import`, owner.cookie, 6 * 1024 * 1024)).toBe(
      413,
    );
    expect((await written(farm.id)).plots).toHaveLength(0);
  });

  it("refuses a KMZ that is not a ZIP, a file of no known format, and a file without polygons", async () => {
    const farm = await newFarm(owner);
    const cases: [Uint8Array | string, string, number, string][] = [
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), "broken.kmz", 400, "FILE_CORRUPTED"],
      ["this is not a map", "notes.kmz", 400, "FILE_CORRUPTED"],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "photo.kml", 400, "FILE_CORRUPTED"],
      ["<kml><Document><Placemark>", "cut.kml", 400, "FILE_CORRUPTED"],
      ['{"type":"FeatureCollection","features":[', "cut.geojson", 400, "FILE_CORRUPTED"],
      [kml(), "points.kml", 400, "VLD_REQUIRED_FIELD"],
      ["", "empty.kml", 400, "FILE_CORRUPTED"],
    ];
    for (const [file, name, status, code] of cases) {
      const response = await send(farm.id, importForm(file, name));
      expect(response.status, name).toBe(status);
      expect(response.body.error.code, name).toBe(code);
    }
    const message = await send(farm.id, importForm("this is not a map", "notes.kmz"));
    expect(message.body.error.message).toBe("This file could not be read as KML, KMZ or GeoJSON.");
  });

  it("refuses a form without a file, unknown choices, a body that is not multipart, and a 300 kB field", async () => {
    const farm = await newFarm(owner);
    const noFile = new FormData();
    noFile.set("use", "plots");
    const missing = await send(farm.id, noFile);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("VLD_REQUIRED_FIELD");
    for (const fields of [{ use: "everything" }, { mode: "maybe" }, { use: "plots\u0000" }] as Record<
      string,
      string
    >[]) {
      const response = await send(farm.id, importForm(geojson({ ring: YAM_RING }), "a.geojson", fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    const json = await call("POST", `/api/farms/${farm.id}/import`, { file: "x" }, { cookie: owner.cookie });
    expect(json.status).toBe(415);
    const longField = await send(
      farm.id,
      importForm(geojson({ ring: YAM_RING }), "a.geojson", { use: "x".repeat(300_000) }),
    );
    expect(longField.status).toBe(413);
  });

  it("refuses a visitor, someone else's farm, an unpaid account and an id that names no farm, writing nothing", async () => {
    const farm = await newFarm(owner);
    const file = geojson({ name: "Mine", ring: YAM_RING });
    const visitor = await call("POST", `/api/farms/${farm.id}/import`, undefined, {
      form: importForm(file, "a.geojson", { mode: "save" }),
    });
    expect(visitor.status).toBe(401);
    const other = await send(farm.id, importForm(file, "a.geojson", { mode: "save" }), stranger);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("AUTHZ_FARM_ACCESS_DENIED");
    expect(JSON.stringify(other.body)).not.toContain("Import farm");
    const locked = await send(farm.id, importForm(file, "a.geojson", { mode: "save" }), unpaid);
    expect(locked.status).toBe(403);
    const nowhere = await send("no-such-farm", importForm(file, "a.geojson"));
    expect(nowhere.status).toBe(404);
    expect((await written(farm.id)).plots).toHaveLength(0);
  });
});
