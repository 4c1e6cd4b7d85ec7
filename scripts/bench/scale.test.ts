import { describe, expect, it } from "vitest";
import { renderScale, type ScaleOptions } from "./scale";

const options: ScaleOptions = { users: 200, seconds: 60, webProcesses: 2, workerProcesses: 2 };

function result(rows: { kind: string; p95: number }[]) {
  return {
    checks: [{ what: "no request failed", ok: true, detail: "0 of 10" }],
    rows: rows.map((row) => ({ ...row, count: 5, failed: 0, p50: row.p95 / 2, max: row.p95 * 2 })),
    cpu: [{ name: "web 1", seconds: 12.5 }],
    failed: [],
    requests: 10,
    seconds: 61,
    passed: true,
  };
}

describe("the scale report", () => {
  it("says for each kind of request whether its p95 is within 1.5 s, and by how much it missed", () => {
    const report = renderScale(
      options,
      result([
        { kind: "browse listings", p95: 1_200 },
        { kind: "marketplace page", p95: 2_250 },
        { kind: "analyse photo", p95: 9_000 },
      ]),
    );
    expect(report).toContain("| browse listings | 5 | 0 | 600 | 1200 | 2400 | met |");
    expect(report).toContain("| marketplace page | 5 | 0 | 1125 | 2250 | 4500 | **missed** by 750 ms |");
    // A photo's analysis waits for the analysis: its own check is the deadline, not 1.5 s.
    expect(report).toContain("| analyse photo | 5 | 0 | 4500 | 9000 | 18000 | its deadline |");
    expect(report).toContain("| web 1 | 12.5 |");
  });

  it("counts a p95 of exactly 1.5 s as missed (under, not at)", () => {
    expect(renderScale(options, result([{ kind: "search", p95: 1_500 }]))).toContain("**missed** by 0 ms");
  });
});
