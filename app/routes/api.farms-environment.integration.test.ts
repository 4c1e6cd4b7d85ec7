import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import {
  apiClient,
  removeCreatedData,
  removeFarms,
  signedInUser,
  subscribe,
  type SignedIn,
} from "../../tests/support/api-client";
import { SOIL_NO_DATA, startFakeEnvironment, type FakeEnvironment } from "../../tests/support/fake-environment";
import { bootWebServer } from "../../tests/support/web";

// A farm's weather and soil over HTTP (GET /api/farms/{id}/environment), against the real
// database, Redis and farm-environment queue, with a local server speaking Open-Meteo's and
// SoilGrids' APIs: the first call answers at once (pending) and asks the queue; the worker asks
// the services about the farm's rounded place and keeps the answers; later calls show them, with
// the farm-work hints and what the soil means. A provider that is slow, down, refusing or
// answering nonsense is shown as unavailable, and not asked again for 10 minutes.

const { environmentPort } = vi.hoisted(() => {
  const port = 48000 + (process.pid % 1000);
  process.env.WEATHER_URL = `http://127.0.0.1:${port}`;
  process.env.SOIL_URL = `http://127.0.0.1:${port}/`;
  return { environmentPort: port };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: { close: () => Promise<void> };
let fake: FakeEnvironment;
const call = apiClient(() => web.baseUrl);
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  fake = await startFakeEnvironment({ port: environmentPort });
  const { startWorkers } = await import("../../workers/index");
  // A provider slower than 1.5 s is cut off (10 s in production).
  workers = await startWorkers({
    queues: ["farm-environment"],
    policies: { "farm-environment": { timeoutMs: 1_500 } },
  });
  web = await bootWebServer();
  [owner, other] = await Promise.all([signedInUser("USER", "weather"), signedInUser("USER", "weather_other")]);
  await subscribe(owner.user.id);
});

afterAll(async () => {
  await removeFarms({ ownerId: { in: [owner, other].filter(Boolean).map((each) => each.user.id) } });
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

let farmCount = 0;
/** A new farm (each its own place, so none shares another's answers). */
async function newFarm(latitude = 7.3775 + farmCount * 0.01, longitude = 3.947) {
  farmCount += 1;
  const response = await call(
    "POST",
    "/api/farms",
    { name: `Weather farm ${farmCount}`, centerLat: latitude, centerLng: longitude },
    { cookie: owner.cookie },
  );
  expect(response.status).toBe(201);
  return response.body.farm as { id: string };
}

const environment = (farmId: string, signed: SignedIn = owner) =>
  call("GET", `/api/farms/${farmId}/environment`, undefined, { cookie: signed.cookie });

/** Asks as the page does until neither part is pending (what a farmer waits for). */
async function settled(farmId: string) {
  let body: { weather: { status: string }; soil: { status: string } } | undefined;
  await expect
    .poll(
      async () => {
        body = (await environment(farmId)).body;
        return body!.weather.status !== "pending" && body!.soil.status !== "pending";
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return body!;
}

async function queueIdle() {
  await expect
    .poll(
      async () => {
        const counts = await getQueue("farm-environment").getJobCounts("waiting", "active", "delayed");
        return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0);
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(0);
}

describe("a farm's weather and soil", () => {
  it("answers pending at once, then the forecast with farm-work hints and the topsoil with what it means", async () => {
    const farm = await newFarm(7.37751, 3.94712);
    const first = await environment(farm.id);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.body).toEqual({ success: true, weather: { status: "pending" }, soil: { status: "pending" } });
    const body = (await settled(farm.id)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
    expect(body.weather).toMatchObject({ status: "ready", refreshing: false });
    const { forecast, hints } = body.weather;
    expect(forecast.now).toMatchObject({ humidityPercent: 64, windKmh: 9.7, sky: "cloudy" });
    expect(typeof forecast.now.temperatureC).toBe("number");
    expect(forecast.days).toHaveLength(7);
    expect(forecast.next48h.rainMm).toBe(10);
    expect(forecast.days[3]).toMatchObject({ rainMm: 36, sky: "storm" });
    expect(hints.map((hint: { kind: string }) => hint.kind)).toEqual(["rainSoon", "heavyRain", "heat"]);
    expect(hints[1]).toEqual({ kind: "heavyRain", date: forecast.days[3].date, rainMm: 36 });
    expect(body.soil).toMatchObject({
      status: "ready",
      soil: {
        ph: 5.3,
        organicCarbonGPerKg: 8.4,
        nitrogenGPerKg: 0.79,
        sandPercent: 62,
        siltPercent: 14,
        clayPercent: 24,
        texture: "sandyClayLoam",
      },
      meanings: { ph: "acid", organicCarbon: "low", nitrogen: "low", texture: "loamy" },
    });
    // The services were asked about the farm's place, rounded: a kilometre for the weather, 100 m for the soil.
    const weatherAsk = fake.requests.find((request) => request.service === "weather")!;
    expect(weatherAsk.query.get("latitude")).toBe("7.38");
    expect(weatherAsk.query.get("longitude")).toBe("3.95");
    expect(weatherAsk.query.get("timezone")).toBe("Africa/Lagos");
    expect(weatherAsk.query.get("daily")).toContain("precipitation_sum");
    const soilAsk = fake.requests.find((request) => request.service === "soil")!;
    expect(soilAsk.path).toBe("/soilgrids/v2.0/properties/query");
    expect([soilAsk.query.get("lat"), soilAsk.query.get("lon")]).toEqual(["7.378", "3.947"]);
    expect(soilAsk.query.getAll("property")).toEqual(["phh2o", "soc", "nitrogen", "sand", "silt", "clay"]);
    expect(soilAsk.query.getAll("depth")).toEqual(["0-5cm", "5-15cm"]);
    // Kept: asked again, nothing new goes to the services.
    const asked = fake.requests.length;
    expect((await environment(farm.id)).body.weather.status).toBe("ready");
    await queueIdle();
    expect(fake.requests).toHaveLength(asked);
  });

  it("asks again for a farm that moved, and forgets a deleted farm's", async () => {
    const farm = await newFarm();
    await settled(farm.id);
    const moved = await call(
      "PATCH",
      `/api/farms/${farm.id}`,
      { centerLat: 9.05, centerLng: 7.49 },
      { cookie: owner.cookie },
    );
    expect(moved.status).toBe(200);
    expect((await environment(farm.id)).body.weather.status).toBe("pending");
    await settled(farm.id);
    expect(
      fake.requests
        .filter((request) => request.service === "weather")
        .at(-1)!
        .query.get("latitude"),
    ).toBe("9.05");
    const removed = await call("DELETE", `/api/farms/${farm.id}`, undefined, { cookie: owner.cookie });
    expect(removed.status).toBe(200);
    const { sharedRedisConnection } = await import("~/server/redis.server");
    const keys = await sharedRedisConnection("app", "app", 55).keys(
      `${process.env.QUEUE_PREFIX}:farm-env:*:${farm.id}*`,
    );
    expect(keys).toEqual([]);
  });

  it("shows a provider that is down or refusing as unavailable, and does not ask it again for 10 minutes", async () => {
    fake.set("weather", "down");
    fake.set("soil", "refuse");
    const farm = await newFarm();
    const body = (await settled(farm.id)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
    expect(body.weather).toMatchObject({ status: "unavailable", reason: "unreachable" });
    expect(body.soil).toMatchObject({ status: "unavailable", reason: "refused" });
    fake.set("weather", "up");
    fake.set("soil", "up");
    const asked = fake.requests.length;
    expect((await environment(farm.id)).body.weather.status).toBe("unavailable");
    await queueIdle();
    expect(fake.requests).toHaveLength(asked);
  });

  it("cuts off a slow provider and refuses a malformed answer", async () => {
    fake.set("weather", "slow", { slowMs: 10_000 });
    fake.set("soil", "malformed");
    const farm = await newFarm();
    const body = (await settled(farm.id)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
    expect(body.weather).toMatchObject({ status: "unavailable", reason: "slow" });
    expect(body.soil).toMatchObject({ status: "unavailable", reason: "malformed" });
    fake.set("weather", "malformed");
    const second = await newFarm();
    expect(((await settled(second.id)) as any).weather).toMatchObject({ status: "unavailable", reason: "malformed" }); // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
  });

  it("says there is no soil data for a place SoilGrids has none for (water, rock, a town)", async () => {
    fake.setSoil(SOIL_NO_DATA);
    const farm = await newFarm();
    const body = (await settled(farm.id)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read field by field
    expect(body.soil).toMatchObject({ status: "ready", soil: null, meanings: null });
  });

  it("is the owner's alone: 401 for a visitor, 403 for another user, 404 for no farm", async () => {
    const farm = await newFarm();
    expect((await call("GET", `/api/farms/${farm.id}/environment`)).status).toBe(401);
    const stranger = await environment(farm.id, other);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe("AUTHZ_FARM_ACCESS_DENIED");
    expect((await environment("no-such-farm")).status).toBe(404);
    expect((await call("POST", `/api/farms/${farm.id}/environment`, {}, { cookie: owner.cookie })).status).toBe(405);
  });
});
