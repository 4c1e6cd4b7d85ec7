import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeGeohash } from "~/lib/geo";
import { ringAreaHectares } from "~/modules/farms/polygon";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  indexingActions,
  removeCreatedData,
  removeFarms,
  signedInUser,
  subscribe,
  uniqueName,
} from "../../tests/support/api-client";
import { bootWebServer } from "../../tests/support/web";
import { rectangle } from "../../tests/support/rings";

// The farms and plots API over HTTP (features.md section 7), against the real
// database and Redis: the shapes of every answer, who may call what, and the
// server's own checks and measures of every boundary and plot.

let web: Awaited<ReturnType<typeof bootWebServer>>;
const call = apiClient(() => web.baseUrl);
type Signed = Awaited<ReturnType<typeof signedInUser>>;

let owner: Signed; // subscribed
let other: Signed; // subscribed, owns nothing of the owner's
let lapsed: Signed; // trial spent, never subscribed
let expired: Signed; // paid once, period over

beforeAll(async () => {
  web = await bootWebServer();
  [owner, other, lapsed, expired] = await Promise.all([
    signedInUser("USER", "farmer"),
    signedInUser("USER", "neighbour"),
    signedInUser("USER", "lapsed"),
    signedInUser("USER", "expired"),
  ]);
  await subscribe(owner.user.id);
  await subscribe(other.user.id);
  const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
  await prisma.user.updateMany({
    where: { id: { in: [lapsed.user.id, expired.user.id] } },
    data: { createdAt: twoDaysAgo },
  });
  await subscribe(expired.user.id, { currentPeriodEnd: new Date(Date.now() - 3_600_000) });
});

afterAll(async () => {
  // The users' farms go with them; their search documents are taken out first, as the app's deletes do.
  await removeFarms({ owner: { username: { startsWith: "api_user" } } });
  await removeCreatedData();
  await web?.stop();
});

const feature = (ring: number[][]) => ({
  type: "Feature",
  properties: {},
  geometry: { type: "Polygon", coordinates: [ring] },
});
const FARM_RING = rectangle(3.91, 7.52, 3.915, 7.525); // about 30 ha near Ibadan
const PLOT_RING = rectangle(3.911, 7.521, 3.912, 7.522); // about 1.2 ha inside it

async function newFarm(user: Signed = owner, body: Record<string, unknown> = {}) {
  const response = await call(
    "POST",
    "/api/farms",
    { name: uniqueName("Farm"), crops: ["Cassava"], ...body },
    { cookie: user.cookie },
  );
  expect(response.status).toBe(201);
  return response.body.farm as { id: string; [key: string]: unknown };
}

async function newPlot(farmId: string, body: Record<string, unknown> = {}) {
  const response = await call(
    "POST",
    `/api/farms/${farmId}/plots`,
    { name: "Plot A", type: "field", crops: ["Maize"], ...body },
    { cookie: owner.cookie },
  );
  expect(response.status).toBe(201);
  return response.body.plot as { id: string; [key: string]: unknown };
}

describe("farms: shapes of the answers", () => {
  it("creates a farm without a boundary where the page says it is, and lists it", async () => {
    const response = await call(
      "POST",
      "/api/farms",
      {
        name: "  Moniya   Farm ",
        description: "Cassava north of Ibadan",
        crops: "Cassava, Maize, cassava",
        centerLat: "7.5240",
        centerLng: 3.9123,
      },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: "Farm created" });
    const farm = response.body.farm;
    expect(farm).toMatchObject({
      name: "Moniya Farm",
      description: "Cassava north of Ibadan",
      crops: ["Cassava", "Maize"],
      centerLat: 7.524,
      centerLng: 3.9123,
      boundary: null,
      areaHectares: null,
      ownerId: owner.user.id,
      geohash: encodeGeohash(7.524, 3.9123),
      plotCount: 0,
    });
    expect(Date.parse(farm.createdAt)).not.toBeNaN();

    const list = await call("GET", "/api/farms", undefined, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(list.body.success).toBe(true);
    expect(list.body.farms.map((f: { id: string }) => f.id)).toContain(farm.id);
    // Only the user's own.
    expect(list.body.farms.every((f: { ownerId: string }) => f.ownerId === owner.user.id)).toBe(true);
    const theirs = await call("GET", "/api/farms", undefined, { cookie: other.cookie });
    expect(theirs.body.farms.map((f: { id: string }) => f.id)).not.toContain(farm.id);
  });

  it("starts a farm at the default map centre when the page sends no place", async () => {
    const farm = await newFarm();
    expect(farm).toMatchObject({ centerLat: 6.5244, centerLng: 3.3792 });
  });

  it("measures a boundary itself: area, centre and geohash, whatever the client claims", async () => {
    const farm = await newFarm();
    const boundary = { ...feature(FARM_RING), properties: { areaHectares: 9999, name: "<b>x</b>" } };
    const response = await call(
      "PATCH",
      `/api/farms/${farm.id}`,
      { boundary, areaHectares: 1, centerLat: 0, centerLng: 0 },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(200);
    const updated = response.body.farm;
    expect(updated.areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
    expect(updated.areaHectares).toBeGreaterThan(30);
    expect(updated.areaHectares).toBeLessThan(31);
    expect(updated.centerLat).toBeCloseTo(7.5225, 9);
    expect(updated.centerLng).toBeCloseTo(3.9125, 9);
    expect(updated.geohash).toBe(encodeGeohash(updated.centerLat, updated.centerLng));
    expect(updated.boundary).toEqual({
      type: "Feature",
      properties: { name: farm.name },
      geometry: { type: "Polygon", coordinates: [FARM_RING] },
    });
    expect(await indexingActions("farm", farm.id)).toContain("upsert");

    const fetched = await call("GET", `/api/farms/${farm.id}`, undefined, { cookie: owner.cookie });
    expect(fetched.body.farm.boundary.geometry.coordinates[0]).toEqual(FARM_RING);

    const cleared = await call("PATCH", `/api/farms/${farm.id}`, { boundary: null }, { cookie: owner.cookie });
    expect(cleared.status).toBe(200);
    expect(cleared.body.farm).toMatchObject({ boundary: null, areaHectares: null });
    expect(cleared.body.farm.centerLat).toBeCloseTo(7.5225, 9);
  });

  it("renames a farm and changes its crops without touching its boundary", async () => {
    const farm = await newFarm(owner, { boundary: feature(FARM_RING) });
    const response = await call(
      "PATCH",
      `/api/farms/${farm.id}`,
      { name: "Renamed farm", crops: ["Yam"] },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(200);
    expect(response.body.farm).toMatchObject({ name: "Renamed farm", crops: ["Yam"], description: null });
    expect(response.body.farm.areaHectares).toBeCloseTo(ringAreaHectares(FARM_RING), 6);
  });

  it("deletes a farm with its plots, and takes it out of search", async () => {
    const farm = await newFarm(owner, { boundary: feature(FARM_RING) });
    await newPlot(farm.id, { geometry: feature(PLOT_RING) });
    const response = await call("DELETE", `/api/farms/${farm.id}`, undefined, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, id: farm.id });
    expect(await prisma.plot.count({ where: { farmId: farm.id } })).toBe(0);
    expect(await indexingActions("farm", farm.id)).toContain("delete");
    expect((await call("GET", `/api/farms/${farm.id}`, undefined, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("plots: shapes of the answers", () => {
  it("adds a plot from the dialog, with no shape", async () => {
    const farm = await newFarm();
    const response = await call(
      "POST",
      `/api/farms/${farm.id}/plots`,
      { name: "Yam heaps", type: "field", crops: ["Yam", "Maize"] },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: "Plot created" });
    expect(response.body.plot).toMatchObject({
      farmId: farm.id,
      name: "Yam heaps",
      type: "field",
      crops: ["Yam", "Maize"],
      geometry: null,
      centroidLat: null,
      centroidLng: null,
      areaHectares: null,
    });
    const list = await call("GET", `/api/farms/${farm.id}/plots`, undefined, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.plots).toHaveLength(1);
    expect(list.body.plots[0].id).toBe(response.body.plot.id);
    expect((await call("GET", `/api/farms/${farm.id}`, undefined, { cookie: owner.cookie })).body.farm.plotCount).toBe(
      1,
    );
  });

  it("adds a drawn plot, computing its centroid and area and ignoring the sent ones and the body's farmId", async () => {
    const farm = await newFarm(owner, { boundary: feature(FARM_RING) });
    const elsewhere = await newFarm();
    const response = await call(
      "POST",
      `/api/farms/${farm.id}/plots`,
      {
        farmId: elsewhere.id,
        name: "Plot 1764000000000",
        type: "pond",
        geometry: feature(PLOT_RING),
        centroidLat: 1,
        centroidLng: 2,
        crops: [],
      },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(201);
    const plot = response.body.plot;
    expect(plot.farmId).toBe(farm.id);
    expect(plot.type).toBe("pond");
    expect(plot.centroidLat).toBeCloseTo(7.5215, 9);
    expect(plot.centroidLng).toBeCloseTo(3.9115, 9);
    expect(plot.areaHectares).toBeCloseTo(ringAreaHectares(PLOT_RING), 6);
    expect(plot.geometry.geometry.coordinates[0]).toEqual(PLOT_RING);
  });

  it("updates a plot with the whole plot object, and deletes it", async () => {
    const farm = await newFarm(owner, { boundary: feature(FARM_RING) });
    const plot = await newPlot(farm.id, { geometry: feature(PLOT_RING) });
    const edited = { ...plot, name: "Catfish pond", type: "pond", crops: ["Catfish"], areaHectares: 500 };
    const response = await call("PATCH", `/api/farms/${farm.id}/plots/${plot.id}`, edited, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: "Plot updated" });
    expect(response.body.plot).toMatchObject({ id: plot.id, name: "Catfish pond", type: "pond", crops: ["Catfish"] });
    expect(response.body.plot.areaHectares).toBeCloseTo(ringAreaHectares(PLOT_RING), 6);

    const moved = rectangle(3.913, 7.523, 3.914, 7.524);
    const reshaped = await call(
      "PATCH",
      `/api/farms/${farm.id}/plots/${plot.id}`,
      { geometry: feature(moved) },
      { cookie: owner.cookie },
    );
    expect(reshaped.status).toBe(200);
    expect(reshaped.body.plot.centroidLat).toBeCloseTo(7.5235, 9);

    const deleted = await call("DELETE", `/api/farms/${farm.id}/plots/${plot.id}`, undefined, { cookie: owner.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, id: plot.id });
    const again = await call("DELETE", `/api/farms/${farm.id}/plots/${plot.id}`, undefined, { cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("DB_RECORD_NOT_FOUND");
  });

  it("does not reach a plot through another farm of the same owner", async () => {
    const farm = await newFarm();
    const plot = await newPlot(farm.id);
    const otherFarm = await newFarm();
    const response = await call(
      "PATCH",
      `/api/farms/${otherFarm.id}/plots/${plot.id}`,
      { name: "x" },
      { cookie: owner.cookie },
    );
    expect(response.status).toBe(404);
  });

  it("makes a plot sent twice with the same Idempotency-Key once, answering the repeat as the first", async () => {
    const farm = await newFarm(owner, { name: "Field outbox farm", boundary: feature(FARM_RING) });
    const key = `plot-${uniqueName("key")}-0123456789`;
    const send = (body: unknown) =>
      call("POST", `/api/farms/${farm.id}/plots`, body, { cookie: owner.cookie, headers: { "Idempotency-Key": key } });
    const plot = { name: "Kept offline", type: "field", crops: [], geometry: feature(PLOT_RING) };
    const [first, second] = await Promise.all([send(plot), send(plot)]);
    // Both at once: one writes, the other is told to come back (or, if later, gets the first's answer).
    expect([first.status, second.status].sort()).toEqual(expect.arrayContaining([201]));
    const third = await send(plot);
    expect(third.status).toBe(201);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    const made = first.status === 201 ? first : second;
    expect(third.body.plot.id).toBe(made.body.plot.id);
    expect(await prisma.plot.count({ where: { farmId: farm.id } })).toBe(1);
    // Another key is another plot; a key of the wrong shape is refused before anything is written.
    const other = await call("POST", `/api/farms/${farm.id}/plots`, plot, {
      cookie: owner.cookie,
      headers: { "Idempotency-Key": `${key}-b` },
    });
    expect(other.status).toBe(201);
    for (const bad of ["short", "x".repeat(101), "has space in it 0123456789", "bad%key%0123456789"]) {
      const refused = await call("POST", `/api/farms/${farm.id}/plots`, plot, {
        cookie: owner.cookie,
        headers: { "Idempotency-Key": bad },
      });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error.code).toBe("VLD_REQUIRED_FIELD");
    }
    expect(await prisma.plot.count({ where: { farmId: farm.id } })).toBe(2);
  });

  it("lets a refused send try again with the same key, and keeps one account's keys from another's", async () => {
    const farm = await newFarm(owner, { name: "Refused offline farm", boundary: feature(FARM_RING) });
    const key = `plot-${uniqueName("again")}-0123456789`;
    const outside = {
      name: "Outside",
      type: "field",
      crops: [],
      geometry: feature(rectangle(3.95, 7.55, 3.951, 7.551)),
    };
    const refused = await call("POST", `/api/farms/${farm.id}/plots`, outside, {
      cookie: owner.cookie,
      headers: { "Idempotency-Key": key },
    });
    expect(refused.status).toBe(400);
    const inside = { name: "Inside", type: "field", crops: [], geometry: feature(PLOT_RING) };
    const again = await call("POST", `/api/farms/${farm.id}/plots`, inside, {
      cookie: owner.cookie,
      headers: { "Idempotency-Key": key },
    });
    expect(again.status).toBe(201);
    // The same key from someone else is theirs: it is refused for the farm, not answered with the owner's plot.
    const stranger = await call("POST", `/api/farms/${farm.id}/plots`, inside, {
      cookie: other.cookie,
      headers: { "Idempotency-Key": key },
    });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain("Inside");
  });

  it("says weather and soil are off where no provider is configured (as in these tests), asking nothing", async () => {
    const farm = await newFarm(owner, { name: "Offline farm" });
    const response = await call("GET", `/api/farms/${farm.id}/environment`, undefined, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, weather: { status: "off" }, soil: { status: "off" } });
  });

  it("exports the farm and its plots as a GeoJSON file", async () => {
    const farm = await newFarm(owner, { name: "Export Farm", boundary: feature(FARM_RING) });
    await newPlot(farm.id, { name: "Drawn", geometry: feature(PLOT_RING) });
    await newPlot(farm.id, { name: "Not drawn" });
    const response = await call("GET", `/api/farms/${farm.id}/export`, undefined, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/geo+json");
    expect(response.headers.get("content-disposition")).toContain('filename="export-farm.geojson"');
    expect(response.body.type).toBe("FeatureCollection");
    const [farmFeature, drawn, notDrawn] = response.body.features;
    expect(farmFeature.properties).toMatchObject({ kind: "farm", name: "Export Farm" });
    expect(farmFeature.geometry.coordinates[0]).toEqual(FARM_RING);
    expect(drawn.properties).toMatchObject({ kind: "plot", name: "Drawn", type: "field" });
    expect(notDrawn.geometry).toBeNull();

    const quoted = await newFarm(owner, { name: "Bello's (North) Farm" });
    const header = (
      await call("GET", `/api/farms/${quoted.id}/export`, undefined, { cookie: owner.cookie })
    ).headers.get("content-disposition");
    expect(header).toBe(
      `attachment; filename="bellos-north-farm.geojson"; filename*=UTF-8''Bello%27s%20%28North%29%20Farm.geojson`,
    );
  });

  it("exports the same map as KML, and refuses a format it does not write", async () => {
    const farm = await newFarm(owner, { name: "Kml & <Farm>", boundary: feature(FARM_RING) });
    await newPlot(farm.id, { name: "Yam plot", geometry: feature(PLOT_RING) });
    const response = await fetch(`${web.baseUrl}/api/farms/${farm.id}/export?format=kml`, {
      headers: { Cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.google-earth.kml+xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="kml-farm.kml"');
    const kml = await response.text();
    expect(kml).toContain("<name>Kml &amp; &lt;Farm&gt;</name>");
    expect(kml).toContain("<name>Yam plot</name>");
    expect(kml).toContain(FARM_RING.map(([lng, lat]) => `${lng},${lat},0`).join(" "));
    expect(kml.match(/<Placemark>/g)).toHaveLength(2);
    for (const format of ["shp", "KML", "", "kml\u0000"]) {
      const refused = await call(
        "GET",
        `/api/farms/${farm.id}/export?format=${encodeURIComponent(format)}`,
        undefined,
        {
          cookie: owner.cookie,
        },
      );
      expect(refused.status, format).toBe(400);
      expect(refused.body.error.code).toBe("VLD_REQUIRED_FIELD");
    }
    // Someone else's farm is not theirs to export, in any format.
    const stranger = await signedInUser("USER", "kml_stranger");
    const other = await call("GET", `/api/farms/${farm.id}/export?format=kml`, undefined, { cookie: stranger.cookie });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("AUTHZ_FARM_ACCESS_DENIED");
  });
});

describe("farms and plots: who may call what", () => {
  let farmId: string;
  let plotId: string;

  beforeAll(async () => {
    farmId = (await newFarm(owner, { boundary: feature(FARM_RING) })).id;
    plotId = (await newPlot(farmId, { geometry: feature(PLOT_RING) })).id;
  });

  const plotBody = { name: "Matrix plot", type: "field", crops: [] };
  const routes = (): { method: string; path: string; body?: unknown; write: boolean; ok: number }[] => [
    { method: "GET", path: "/api/farms", write: false, ok: 200 },
    { method: "POST", path: "/api/farms", body: { name: "Matrix farm" }, write: true, ok: 201 },
    { method: "GET", path: `/api/farms/${farmId}`, write: false, ok: 200 },
    { method: "PATCH", path: `/api/farms/${farmId}`, body: { crops: ["Sorghum"] }, write: true, ok: 200 },
    { method: "GET", path: `/api/farms/${farmId}/plots`, write: false, ok: 200 },
    { method: "POST", path: `/api/farms/${farmId}/plots`, body: plotBody, write: true, ok: 201 },
    { method: "PATCH", path: `/api/farms/${farmId}/plots/${plotId}`, body: { name: "Renamed" }, write: true, ok: 200 },
    { method: "GET", path: `/api/farms/${farmId}/export`, write: false, ok: 200 },
    { method: "GET", path: `/api/farms/${farmId}/export?format=kml`, write: false, ok: 200 },
    // Deletes last: they remove what the others use.
    { method: "DELETE", path: `/api/farms/${farmId}/plots/${plotId}`, write: true, ok: 200 },
    { method: "DELETE", path: `/api/farms/${farmId}`, write: true, ok: 200 },
  ];

  it("refuses every route to a visitor who is not signed in", async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.path, route.body);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.body.success).toBe(false);
    }
  });

  it("refuses another user every route of the owner's farm, without a word about the farm", async () => {
    for (const route of routes().filter((r) => r.path !== "/api/farms")) {
      const response = await call(route.method, route.path, route.body, { cookie: other.cookie });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(response.body.error.code).toBe("AUTHZ_FARM_ACCESS_DENIED");
      expect(JSON.stringify(response.body)).not.toMatch(/Farm_|7\.52|3\.91|farmer/);
    }
    const farm = await prisma.farm.findUniqueOrThrow({ where: { id: farmId } });
    expect(farm.crops).toEqual(["Cassava"]);
  });

  it("lets a user without premium read but not write, with the catalogue's codes", async () => {
    for (const [user, code] of [
      [lapsed, "AUTHZ_SUBSCRIPTION_REQUIRED"],
      [expired, "AUTHZ_SUBSCRIPTION_EXPIRED"],
    ] as const) {
      const own = await prisma.farm.create({
        data: {
          ownerId: user.user.id,
          name: "Kept farm",
          centerLat: 7.5,
          centerLng: 3.9,
          geohash: encodeGeohash(7.5, 3.9),
        },
      });
      const ownPlot = await prisma.plot.create({ data: { farmId: own.id, name: "Kept plot" } });
      const theirRoutes = routes().map((route) => ({
        ...route,
        path: route.path.replace(farmId, own.id).replace(plotId, ownPlot.id),
      }));
      for (const route of theirRoutes) {
        const response = await call(route.method, route.path, route.body, { cookie: user.cookie });
        if (route.write) {
          expect(response.status, `${route.method} ${route.path}`).toBe(403);
          expect(response.body.error.code).toBe(code);
        } else {
          expect(response.status, `${route.method} ${route.path}`).toBe(200);
        }
      }
      expect(await prisma.plot.count({ where: { farmId: own.id } })).toBe(1);
      expect(await prisma.farm.count({ where: { ownerId: user.user.id } })).toBe(1);
    }
  });

  it("answers 404 for ids that name no farm or plot", async () => {
    for (const path of ["/api/farms/cl0000000000000000000000", "/api/farms/nope/plots", "/api/farms/nope/export"]) {
      const response = await call("GET", path, undefined, { cookie: owner.cookie });
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    }
    const plot = await call(
      "PATCH",
      `/api/farms/${farmId}/plots/cl0000000000000000000000`,
      { name: "x" },
      { cookie: owner.cookie },
    );
    expect(plot.status).toBe(404);
  });

  it("lets the owner call every route", async () => {
    for (const route of routes()) {
      const response = await call(route.method, route.path, route.body, { cookie: owner.cookie });
      expect(response.status, `${route.method} ${route.path}`).toBe(route.ok);
    }
  });

  it("answers 405 with Allow for a method a route does not have", async () => {
    const response = await call("PUT", "/api/farms", { name: "x" }, { cookie: owner.cookie });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});

describe("a trial spent on farm mapping", () => {
  it("keeps farm mapping open for the rest of the trial day, and only farm mapping", async () => {
    const trial = await signedInUser("USER", "trial");
    // Creating the farm is the trial's one use, as selecting one on the page is.
    const farm = await newFarm(trial);
    // Selecting it on the page records another use of the same working session.
    const use = await call("POST", "/api/premium/farm_mapping/use", undefined, { cookie: trial.cookie });
    expect(use.status).toBe(200);
    const patch = await call(
      "PATCH",
      `/api/farms/${farm.id}`,
      { boundary: feature(FARM_RING) },
      { cookie: trial.cookie },
    );
    expect(patch.status).toBe(200);
    expect((await call("POST", "/api/premium/farm_mapping/use", undefined, { cookie: trial.cookie })).status).toBe(200);
    const mapping = await call("GET", "/api/premium/farm_mapping/check", undefined, { cookie: trial.cookie });
    expect(mapping.body).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: true });
    const ai = await call("GET", "/api/premium/asiiko_ai/check", undefined, { cookie: trial.cookie });
    expect(ai.body).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
    expect((await call("POST", "/api/premium/asiiko_ai/use", undefined, { cookie: trial.cookie })).status).toBe(403);
  });

  it("does not open farm mapping to a trial spent on an analysis", async () => {
    const trial = await signedInUser("USER", "trial");
    expect((await call("POST", "/api/premium/asiiko_ai/use", undefined, { cookie: trial.cookie })).status).toBe(200);
    const response = await call("POST", "/api/farms", { name: "Too late" }, { cookie: trial.cookie });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");
  });
});

describe("farm writes through the API spend the trial as the mapping page does", () => {
  const usesOf = (user: Signed, duringTrial: boolean) =>
    prisma.premiumFeatureUse.count({ where: { userId: user.user.id, feature: "farm_mapping", duringTrial } });
  const check = async (user: Signed, feature: string) =>
    (await call("GET", `/api/premium/${feature}/check`, undefined, { cookie: user.cookie })).body.data;

  it("a trial account that creates a farm has spent its trial on farm mapping, which stays open; an analysis does not start", async () => {
    const trial = await signedInUser("USER", "trial_api");
    expect(await check(trial, "asiiko_ai")).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });
    const farm = await newFarm(trial);
    expect(await usesOf(trial, true)).toBe(1);
    expect(await check(trial, "farm_mapping")).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: true,
    });
    expect(await check(trial, "asiiko_ai")).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
    expect(await check(trial, "premium_products")).toMatchObject({ canAccess: false });

    // The analysis is refused at the gate, before its photo is read.
    const analysis = await call("POST", "/api/ai/analyze", undefined, { cookie: trial.cookie, form: new FormData() });
    expect(analysis.status).toBe(403);
    expect(analysis.body.error.code).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");
    expect(await prisma.analysis.count({ where: { userId: trial.user.id } })).toBe(0);

    // The rest of the working session: every write goes through, and each is counted as a use.
    const plot = await call(
      "POST",
      `/api/farms/${farm.id}/plots`,
      { name: "Pond", type: "pond", crops: [] },
      { cookie: trial.cookie },
    );
    expect(plot.status).toBe(201);
    const plotPath = `/api/farms/${farm.id}/plots/${plot.body.plot.id}`;
    const writes = [
      await call("PATCH", `/api/farms/${farm.id}`, { boundary: feature(FARM_RING) }, { cookie: trial.cookie }),
      await call("PATCH", plotPath, { name: "Fish pond" }, { cookie: trial.cookie }),
      await call("DELETE", plotPath, undefined, { cookie: trial.cookie }),
      await call("DELETE", `/api/farms/${farm.id}`, undefined, { cookie: trial.cookie }),
    ];
    expect(writes.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await usesOf(trial, true)).toBe(6);
  });

  it("farm writes sent at once by a fresh trial account all belong to the one session the first opened", async () => {
    const trial = await signedInUser("USER", "trial_burst");
    const responses = await Promise.all(
      ["North", "South", "East", "West", "Middle"].map((name) =>
        call("POST", "/api/farms", { name: `${name} farm` }, { cookie: trial.cookie }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await usesOf(trial, true)).toBe(5);
    expect(await check(trial, "asiiko_ai")).toMatchObject({ canAccess: false });
  });

  it("a refused write spends nothing", async () => {
    const trial = await signedInUser("USER", "trial_refused");
    const ownersFarm = await newFarm(owner);
    const refused = [
      await call("POST", "/api/farms", { name: "x".repeat(100) }, { cookie: trial.cookie }),
      await call("POST", "/api/farms", { name: "Bow", boundary: feature([[0, 0]]) }, { cookie: trial.cookie }),
      await call("PATCH", `/api/farms/${ownersFarm.id}`, { name: "Mine now" }, { cookie: trial.cookie }),
      await call("DELETE", "/api/farms/clnotafarm000000000000000", undefined, { cookie: trial.cookie }),
      await call("POST", `/api/farms/${ownersFarm.id}/plots`, { name: "Pen", type: "pen" }, { cookie: trial.cookie }),
    ];
    expect(refused.map((response) => response.status)).toEqual([400, 400, 403, 404, 403]);
    expect(await usesOf(trial, true)).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: trial.user.id } })).firstPremiumUseAt).toBeNull();
    expect(await check(trial, "asiiko_ai")).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });
  });

  it("a subscriber's writes are counted, never taken from a trial", async () => {
    const before = await usesOf(owner, false);
    await newFarm(owner);
    expect(await usesOf(owner, false)).toBe(before + 1);
    expect(await usesOf(owner, true)).toBe(0);
  });
});

describe("farms and plots: what the server refuses", () => {
  let farmId: string;
  beforeAll(async () => {
    farmId = (await newFarm(owner, { boundary: feature(FARM_RING) })).id;
  });

  const boundary = (ring: unknown) =>
    call("PATCH", `/api/farms/${farmId}`, { boundary: feature(ring as number[][]) }, { cookie: owner.cookie });

  it("refuses a bow-tie with 'shape edges cannot cross'", async () => {
    const response = await boundary([
      [3.91, 7.52],
      [3.915, 7.525],
      [3.915, 7.52],
      [3.91, 7.525],
      [3.91, 7.52],
    ]);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: "FARM_BOUNDARY_INVALID", message: "shape edges cannot cross" });
    expect(response.body.message).toBe("shape edges cannot cross");
    expect(response.body.error.fields.boundary).toEqual(["shape edges cannot cross"]);
  });

  it("refuses an unclosed ring, out-of-range coordinates, too few and too many corners, text for numbers", async () => {
    const circle: number[][] = [];
    for (let i = 0; i < 1001; i += 1)
      circle.push([
        3.912 + 0.002 * Math.cos((2 * Math.PI * i) / 1001),
        7.522 + 0.002 * Math.sin((2 * Math.PI * i) / 1001),
      ]);
    circle.push(circle[0]!);
    const cases: [unknown, string][] = [
      [FARM_RING.slice(0, 4), "The shape's last corner must be its first"],
      [
        [
          [190, 7.52],
          [191, 7.52],
          [191, 7.53],
          [190, 7.52],
        ],
        "Longitudes must be between -180 and 180 and latitudes between -90 and 90",
      ],
      [
        [
          [3.91, 95],
          [3.92, 95],
          [3.92, 96],
          [3.91, 95],
        ],
        "Longitudes must be between -180 and 180 and latitudes between -90 and 90",
      ],
      [
        [
          [3.91, 7.52],
          [3.92, 7.52],
          [3.91, 7.52],
        ],
        "A shape needs at least 3 corners",
      ],
      [circle, "A shape can have at most 1,000 corners"],
      [
        [
          ["3.91", "7.52"],
          [3.92, 7.52],
          [3.92, 7.53],
          ["3.91", "7.52"],
        ],
        "Each corner must be a pair of numbers: longitude, latitude",
      ],
    ];
    for (const [ring, message] of cases) {
      const response = await boundary(ring);
      expect(response.status, message).toBe(400);
      expect(response.body.error).toMatchObject({ code: "FARM_BOUNDARY_INVALID", message });
    }
    const notAFeature = await call("PATCH", `/api/farms/${farmId}`, { boundary: "square" }, { cookie: owner.cookie });
    expect(notAFeature.body.error.code).toBe("FARM_BOUNDARY_INVALID");
    // The stored boundary is the one it had.
    const farm = await call("GET", `/api/farms/${farmId}`, undefined, { cookie: owner.cookie });
    expect(farm.body.farm.boundary.geometry.coordinates[0]).toEqual(FARM_RING);
  });

  it("refuses a shape over the area limit with FARM_AREA_TOO_LARGE", async () => {
    const response = await boundary(rectangle(3, 7, 3.5, 7.5)); // about 305,000 ha
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("FARM_AREA_TOO_LARGE");
  });

  it("refuses a plot outside its farm's boundary, and accepts one on a sloppy edge", async () => {
    const outside = await call(
      "POST",
      `/api/farms/${farmId}/plots`,
      { name: "Across the road", type: "field", geometry: feature(rectangle(3.92, 7.52, 3.921, 7.521)) },
      { cookie: owner.cookie },
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatchObject({
      code: "FARM_BOUNDARY_INVALID",
      message: "The plot must lie inside the farm boundary",
    });
    // 5% of it over the edge: a finger's width on a phone.
    const edge = await call(
      "POST",
      `/api/farms/${farmId}/plots`,
      { name: "Edge", type: "field", geometry: feature(rectangle(3.914, 7.521, 3.91505, 7.522)) },
      { cookie: owner.cookie },
    );
    expect(edge.status).toBe(201);
    const bowTie = await call(
      "POST",
      `/api/farms/${farmId}/plots`,
      {
        name: "Bow",
        type: "field",
        geometry: feature([
          [3.911, 7.521],
          [3.912, 7.522],
          [3.912, 7.521],
          [3.911, 7.522],
          [3.911, 7.521],
        ]),
      },
      { cookie: owner.cookie },
    );
    expect(bowTie.body.error).toMatchObject({ code: "FARM_BOUNDARY_INVALID", message: "shape edges cannot cross" });
  });

  it("refuses a farm name of 100 characters or more, and takes one of 99", async () => {
    const long = await call("POST", "/api/farms", { name: "F".repeat(100) }, { cookie: owner.cookie });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: "VLD_FARM_NAME_TOO_LONG",
      message: "Farm name must be under 100 characters",
    });
    expect((await call("POST", "/api/farms", { name: "F".repeat(99) }, { cookie: owner.cookie })).status).toBe(201);
    const empty = await call("POST", "/api/farms", { name: "   " }, { cookie: owner.cookie });
    expect(empty.body.error).toMatchObject({ code: "VLD_REQUIRED_FIELD", message: "Name is required" });
  });

  it("refuses bad plot fields and bad crops with clear codes", async () => {
    const type = await call(
      "POST",
      `/api/farms/${farmId}/plots`,
      { name: "P", type: "barn" },
      { cookie: owner.cookie },
    );
    expect(type.status).toBe(400);
    expect(type.body.error.fields.type).toBeDefined();
    const crops = await call(
      "POST",
      `/api/farms/${farmId}/plots`,
      { name: "P", crops: [1, 2] },
      { cookie: owner.cookie },
    );
    expect(crops.body.error.code).toBe("VLD_INVALID_CROP_TYPE");
    const coords = await call(
      "POST",
      "/api/farms",
      { name: "Lost", centerLat: 91, centerLng: 3 },
      { cookie: owner.cookie },
    );
    expect(coords.body.error.code).toBe("VLD_INVALID_GPS_COORDS");
    const notJson = await call("POST", "/api/farms", undefined, {
      cookie: owner.cookie,
      raw: "{name",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});
