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

  it("begins no run after its time limit, and finishes the ones begun", async () => {
    let runs = 0;
    let finished = 0;
    // 1,000 runs of 5 ms two at a time would take 2.5 s; a busy machine only makes the runs fewer.
    const measured = await load(
      1_000,
      2,
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        finished += 1;
      },
      20,
    );
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBeLessThan(1_000);
    expect(finished).toBe(runs);
    expect(measured.times).toHaveLength(runs);
  });
});
