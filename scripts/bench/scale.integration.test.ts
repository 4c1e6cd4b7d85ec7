import { expect, it } from "vitest";
import { renderScale, runScale, type ScaleOptions } from "./scale";

// The short variant of `npm run bench:scale`: the same code, a dozen users for 15 s, against two
// web and two worker processes behind the round-robin proxy, on the test run's database. Every
// check of the full run must hold here too.

it("serves a dozen users on two web and two worker processes: no failure, jobs once, one limit, one search, no heap growth", async () => {
  const options: ScaleOptions = {
    users: 12,
    seconds: 15,
    webProcesses: 2,
    workerProcesses: 2,
    warmUpSeconds: 5,
    log: () => undefined,
  };
  const result = await runScale(options);
  const report = renderScale(options, result);
  expect(
    result.checks.filter((check) => !check.ok),
    report,
  ).toEqual([]);
  expect(result.requests, report).toBeGreaterThan(30);
  // Every kind of request was made.
  expect(result.rows.map((row) => row.kind).sort(), report).toEqual(
    expect.arrayContaining([
      "analyse photo",
      "browse listings",
      "create listing",
      "draw plot",
      "marketplace page",
      "search",
    ]),
  );
}, 240_000);
