import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { LngLat } from "~/lib/geo";
import { polygonFeature, ringAreaHectares, ringSelfIntersects } from "~/modules/farms/polygon";
import { fitCorners, planShapes } from "./import.server";
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
