import { describe, expect, it } from "vitest";
import { load, percentile, summarise } from "./load";

describe("benchmark load", () => {
  it("takes percentiles of sorted times", () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(51);
    expect(percentile(sorted, 95)).toBe(96);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([], 95)).toBe(0);
  });

  it("runs exactly the requests asked for, no more than `concurrency` at once", async () => {
    let inFlight = 0;
    let most = 0;
    let runs = 0;
    const measured = await load(23, 4, async () => {
      runs += 1;
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
    });
    expect(runs).toBe(23);
    expect(measured.times).toHaveLength(23);
    expect(most).toBe(4);
    const summary = summarise(measured);
    expect(summary.requests).toBe(23);
    expect(summary.p50).toBeLessThanOrEqual(summary.p95);
    expect(summary.perSecond).toBeGreaterThan(0);
  });
});
