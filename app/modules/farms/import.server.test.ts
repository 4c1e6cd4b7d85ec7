import type { TFunction } from "i18next";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import type { LngLat } from "~/lib/geo";
import { polygonFeature, ringAreaHectares, ringSelfIntersects } from "~/modules/farms/polygon";
import { Refusal } from "~/server/refusal";
import { runInThread, threadEntry, threadsInUse, THREADS_AT_ONCE, THREADS_WAITING } from "~/server/threads.server";
import { readBoundaryFile } from "./boundary-file.server";
import { BOUNDARY_FILE_THREAD, fitCorners, planImport, planShapes } from "./import.server";
import { heavyGeoJson, zipBomb } from "../../../tests/support/boundary-files";
import { rectangle } from "../../../tests/support/rings";

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const FARM = rectangle(3.91, 7.52, 3.915, 7.525);
const INSIDE = rectangle(3.911, 7.521, 3.912, 7.522);
const OUTSIDE = rectangle(3.95, 7.55, 3.951, 7.551);

function circle(points: number): LngLat[] {
  const ring: LngLat[] = [];
  for (let step = 0; step < points; step += 1) {
    const angle = (2 * Math.PI * step) / points;
    ring.push([3.9125 + 0.002 * Math.cos(angle), 7.5225 + 0.002 * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}

describe("fitCorners", () => {
  it("gives back a ring within the limit as it is", () => {
    expect(fitCorners(FARM, 1000)).toBe(FARM);
  });

  it("brings a 5,000-point trace within the limit, closed, not crossing itself, with its area kept", () => {
    const trace = circle(5_000);
    const fitted = fitCorners(trace, 1000);
    expect(fitted.length - 1).toBeLessThanOrEqual(1000);
    expect(fitted.length - 1).toBeGreaterThan(20);
    expect(fitted[0]).toEqual(fitted.at(-1));
    expect(ringSelfIntersects([...fitted])).toBe(false);
    expect(ringAreaHectares(fitted) / ringAreaHectares(trace)).toBeGreaterThan(0.99);
  });

  it("keeps the very corners Douglas-Peucker run afresh at each doubled tolerance keeps (worked out once, not once per tolerance)", () => {
    /** The simplification as it was first written: a full Douglas-Peucker per tolerance. */
    function perTolerance(ring: readonly LngLat[], maxCorners: number): readonly LngLat[] {
      if (ring.length - 1 <= maxCorners) return ring;
      const latitude = ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length;
      const [perLat, perLng] = [111_320, 111_320 * Math.cos((latitude * Math.PI) / 180)];
      const points = ring.map(([lng, lat]) => [lng * perLng, lat * perLat] as const);
      const away = ([x, y]: readonly number[], [ax, ay]: readonly number[], [bx, by]: readonly number[]) => {
        const [dx, dy] = [bx! - ax!, by! - ay!];
        const length = dx * dx + dy * dy;
        const along = length === 0 ? 0 : Math.max(0, Math.min(1, ((x! - ax!) * dx + (y! - ay!) * dy) / length));
        return Math.hypot(x! - (ax! + along * dx), y! - (ay! + along * dy));
      };
      for (let tolerance = 0.1; tolerance < 100_000; tolerance *= 2) {
        const keep = new Uint8Array(points.length);
        keep[0] = keep[points.length - 1] = 1;
        const stack: [number, number][] = [[0, points.length - 1]];
        while (stack.length > 0) {
          const [first, last] = stack.pop()!;
          let [farthest, distance] = [-1, tolerance];
          for (let index = first + 1; index < last; index += 1) {
            const far = away(points[index]!, points[first]!, points[last]!);
            if (far > distance) [farthest, distance] = [index, far];
          }
          if (farthest === -1) continue;
          keep[farthest] = 1;
          stack.push([first, farthest], [farthest, last]);
        }
        const kept = ring.filter((_, index) => keep[index]);
        if (kept.length - 1 <= maxCorners) return kept;
      }
      return ring;
    }
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const wobbly = (points: number, wobble: number): LngLat[] => {
      const ring = Array.from({ length: points }, (_, step): LngLat => {
        const angle = (2 * Math.PI * step) / points;
        const radius = 0.002 * (1 + wobble * (random() - 0.5));
        return [3.9125 + radius * Math.cos(angle), 7.5225 + radius * Math.sin(angle)];
      });
      return [...ring, ring[0]!];
    };
    for (const ring of [circle(5_000), wobbly(3_000, 0.01), wobbly(4_999, 0.2), wobbly(1_500, 2)])
      for (const max of [1000, 200, 12]) expect(fitCorners(ring, max)).toEqual(perTolerance(ring, max));
    // A net for a hang, not a speed check: the reference runs a full simplification per tolerance.
  }, 120_000);

  it("keeps every corner of a square drawn with many points along its edges", () => {
    const edge = (from: LngLat, to: LngLat) =>
      Array.from({ length: 400 }, (_, i): LngLat => [
        from[0] + ((to[0] - from[0]) * i) / 400,
        from[1] + ((to[1] - from[1]) * i) / 400,
      ]);
    const square = [
      ...edge(FARM[0]!, FARM[1]!),
      ...edge(FARM[1]!, FARM[2]!),
      ...edge(FARM[2]!, FARM[3]!),
      ...edge(FARM[3]!, FARM[0]!),
      FARM[0]!,
    ];
    const fitted = fitCorners(square, 1000);
    for (const corner of FARM.slice(0, 4)) expect(fitted).toContainEqual(corner);
    expect(fitted.length).toBeLessThan(20);
  });
});

describe("planShapes", () => {
  const shapes = [
    { name: "Yam", ring: INSIDE },
    { name: null, ring: FARM },
    { name: null, ring: OUTSIDE },
  ];

  it("makes the largest good shape the boundary and checks the plots against it", () => {
    const plan = planShapes(shapes, { boundary: null }, { useAsBoundary: true, plotCount: 0 }, t);
    expect(plan.map((shape) => [shape.name, shape.role, shape.problem])).toEqual([
      ["Yam", "plot", null],
      ['mapping.import.unnamed {"number":1}', "boundary", null],
      ['mapping.import.unnamed {"number":2}', "refused", "mapping.geometry.outsideFarm"],
    ]);
    expect(plan.map((shape) => shape.named)).toEqual([true, false, false]);
  });

  it("checks plots against the farm's own boundary when the file brings plots only, and any plot when it has none", () => {
    const withBoundary = planShapes(
      shapes,
      { boundary: polygonFeature(INSIDE) },
      { useAsBoundary: false, plotCount: 0 },
      t,
    );
    expect(withBoundary.map((shape) => shape.role)).toEqual(["plot", "refused", "refused"]);
    const without = planShapes(shapes, { boundary: null }, { useAsBoundary: false, plotCount: 0 }, t);
    expect(without.map((shape) => shape.role)).toEqual(["plot", "plot", "plot"]);
  });

  it("refuses the plots past the farm's room, in the file's order", () => {
    const plan = planShapes(shapes, { boundary: null }, { useAsBoundary: false, plotCount: 299 }, t);
    expect(plan.map((shape) => shape.problem)).toEqual([
      null,
      "mapping.errors.tooManyPlots",
      "mapping.errors.tooManyPlots",
    ]);
  });

  it("gives each refusal the drawn shapes' reason, and no area", () => {
    const bowTie: LngLat[] = [
      [3.9112, 7.5212],
      [3.9118, 7.5218],
      [3.9118, 7.5212],
      [3.9112, 7.5218],
      [3.9112, 7.5212],
    ];
    const [shape] = planShapes(
      [{ name: "X", ring: bowTie }],
      { boundary: null },
      { useAsBoundary: true, plotCount: 0 },
      t,
    );
    expect(shape).toMatchObject({
      role: "refused",
      problem: "mapping.geometry.edgesCross",
      areaHectares: null,
      centroid: null,
    });
  });
});

// Each thread loads its code through tsx here (a second or so on a busy machine): a minute's room.
describe("planImport: the file read and checked in a worker thread", { timeout: 60_000 }, () => {
  const kml = `<?xml version="1.0"?><kml><Document>${[
    ["Whole farm", FARM],
    ["Yam", INSIDE],
    [null, OUTSIDE],
  ]
    .map(
      ([name, ring]) =>
        `<Placemark>${name ? `<name>${name as string}</name>` : ""}<Polygon><outerBoundaryIs><LinearRing><coordinates>${(
          ring as LngLat[]
        )
          .map(([lng, lat]) => `${lng},${lat},0`)
          .join(" ")}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    )
    .join("")}</Document></kml>`;
  const options = { useAsBoundary: true, plotCount: 0 };

  async function refusedWith(run: Promise<unknown>) {
    const error = await run.then(
      () => null,
      (failure: unknown) => failure,
    );
    if (!(error instanceof Refusal)) throw error ?? new Error("it was not refused");
    return `${error.status} ${error.code} ${error.message}`;
  }

  it("plans a KML, a KMZ and a GeoJSON exactly as reading and planning them here would", async () => {
    const geojson = JSON.stringify({
      type: "FeatureCollection",
      features: [FARM, INSIDE].map((ring, index) => ({
        type: "Feature",
        properties: index === 0 ? { name: "Farm" } : {},
        geometry: { type: "Polygon", coordinates: [ring] },
      })),
    });
    for (const bytes of [strToU8(kml), zipSync({ "doc.kml": strToU8(kml) }), strToU8(geojson)]) {
      const here = readBoundaryFile(bytes);
      const expected = {
        format: here.format,
        skipped: here.skipped,
        shapes: planShapes(here.shapes, { boundary: null }, options, t),
      };
      expect(await planImport(bytes, { boundary: null }, options, t)).toEqual(expected);
    }
  });

  it("answers the reader's refusals as they are", async () => {
    expect(await refusedWith(planImport(strToU8("just some text"), { boundary: null }, options, t))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(await refusedWith(planImport(zipBomb(60), { boundary: null }, options, t))).toBe(
      "413 FILE_TOO_LARGE mapping.import.errors.tooLarge",
    );
  });

  it("refuses a file its thread could not read in time (the thread stopped), and reads the next", async () => {
    const heavy = heavyGeoJson();
    const limits = { ...BOUNDARY_FILE_THREAD, timeLimitMs: 50 };
    expect(await refusedWith(planImport(heavy, { boundary: null }, options, t, limits))).toBe(
      "413 FILE_TOO_LARGE mapping.import.errors.tooLarge",
    );
    // Stopped at its limit (the work takes a second or more).
    const input = { bytes: heavy, farmBoundary: null, ...options, maxAreaHectares: 10_000 };
    await expect(runInThread("boundary-file", input, limits)).rejects.toMatchObject({ reason: "time" });
    // Each slot is free once its thread has ended.
    await vi.waitFor(() => expect(threadsInUse()).toEqual({ running: 0, waiting: 0 }));
    expect((await planImport(strToU8(kml), { boundary: null }, options, t)).shapes).toHaveLength(3);
  });

  it("refuses a file its thread ran out of memory reading; this process goes on", async () => {
    const limits = {
      ...BOUNDARY_FILE_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    };
    const heavy = heavyGeoJson();
    expect(await refusedWith(planImport(heavy, { boundary: null }, options, t, limits))).toBe(
      "413 FILE_TOO_LARGE mapping.import.errors.tooLarge",
    );
    const input = { bytes: heavy, farmBoundary: null, ...options, maxAreaHectares: 10_000 };
    await expect(runInThread("boundary-file", input, limits)).rejects.toMatchObject({ reason: "memory" });
    // Each slot is free once its thread has ended.
    await vi.waitFor(() => expect(threadsInUse()).toEqual({ running: 0, waiting: 0 }));
  });

  it(`runs ${THREADS_AT_ONCE} threads at once, lets ${THREADS_WAITING} files wait, and asks the next to come back`, async () => {
    const runs = Array.from({ length: THREADS_AT_ONCE + THREADS_WAITING + 1 }, () =>
      planImport(strToU8(kml), { boundary: null }, options, t).then(
        () => "planned",
        (error: unknown) => (error instanceof Refusal ? `${error.status} ${error.code}` : String(error)),
      ),
    );
    expect(threadsInUse()).toEqual({ running: THREADS_AT_ONCE, waiting: THREADS_WAITING });
    const answers = await Promise.all(runs);
    expect(answers.filter((answer) => answer === "planned")).toHaveLength(THREADS_AT_ONCE + THREADS_WAITING);
    expect(answers.at(-1)).toBe("503 SYS_SERVICE_DEGRADED");
    // Each slot is free once its thread has ended.
    await vi.waitFor(() => expect(threadsInUse()).toEqual({ running: 0, waiting: 0 }));
  });
});

describe("where a thread's code is", () => {
  it("is the compiled build/node/threads/<name>.js for compiled code, and the TypeScript through tsx from source", () => {
    const root = mkdtempSync(path.join(tmpdir(), "threads-"));
    try {
      writeFileSync(path.join(root, "package.json"), "{}");
      const compiledCaller = pathToFileURL(path.join(root, "build", "server", "assets", "server-build-x.js")).href;
      expect(() => threadEntry("boundary-file", compiledCaller)).toThrow(
        /build\/node\/threads\/boundary-file\.js is missing/,
      );
      mkdirSync(path.join(root, "build", "node", "threads"), { recursive: true });
      writeFileSync(path.join(root, "build", "node", "threads", "boundary-file.js"), "");
      expect(threadEntry("boundary-file", compiledCaller)).toEqual({
        file: path.join(root, "build", "node", "threads", "boundary-file.js"),
        compiled: true,
      });
      const sourceCaller = pathToFileURL(path.join(root, "app", "server", "threads.server.ts")).href;
      expect(threadEntry("boundary-file", sourceCaller)).toEqual({
        file: path.join(root, "app", "threads", "from-source.mjs"),
        workerData: { entry: pathToFileURL(path.join(root, "app", "threads", "boundary-file.ts")).href },
        compiled: false,
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
