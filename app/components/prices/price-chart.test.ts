import { describe, expect, it } from "vitest";
import { chartGeometry } from "./price-chart";

// Where the chart puts each figure: weeks spread over the plot by their date (a missing week
// leaves its place), prices between round marks around the quartile band.

const point = (week: string, median: number, spread = 1000) => ({
  week,
  median,
  p25: median - spread,
  p75: median + spread,
  count: 5,
  trades: 1,
});

describe("chartGeometry", () => {
  it("spreads twelve weeks across the plot, oldest at the left, a missing week left empty", () => {
    const series = [point("2026-09-07", 30000), point("2026-09-21", 31000), point("2026-11-23", 35000)];
    const geometry = chartGeometry(series, "2026-11-23", 12)!;
    expect(geometry.points.map((p) => Number(p.across.toFixed(3)))).toEqual([0, 0.182, 1]);
    expect(geometry.xTicks.map((tick) => tick.week)).toEqual(["2026-09-07", "2026-10-19", "2026-11-23"]);
    expect(geometry.medianLine.split(" ")).toHaveLength(3);
    // The band goes forward along the 75th percentiles and back along the 25th.
    expect(geometry.band.split(" ")).toHaveLength(6);
  });

  it("puts a higher price higher, between round marks that cover the band", () => {
    const geometry = chartGeometry([point("2026-11-16", 30000), point("2026-11-23", 36000)], "2026-11-23", 12)!;
    const [older, newer] = geometry.points;
    expect(newer!.y).toBeLessThan(older!.y);
    const values = geometry.yTicks.map((tick) => tick.value);
    expect(values[0]).toBeLessThanOrEqual(29000);
    expect(values.at(-1)).toBeGreaterThanOrEqual(37000);
    for (const value of values) expect(value % 1000).toBe(0);
    // Marks run from the bottom of the plot up.
    expect(geometry.yTicks[0]!.y).toBeGreaterThan(geometry.yTicks.at(-1)!.y);
  });

  it("draws a flat price with room around it, and nothing without figures", () => {
    const flat = chartGeometry([point("2026-11-23", 5000, 0)], "2026-11-23", 12)!;
    expect(flat.yTicks.length).toBeGreaterThanOrEqual(2);
    expect(flat.points[0]!.y).toBeGreaterThan(12);
    expect(flat.points[0]!.y).toBeLessThan(190);
    expect(chartGeometry([], "2026-11-23", 12)).toBeNull();
  });
});
