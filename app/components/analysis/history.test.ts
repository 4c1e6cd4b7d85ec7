import { describe, expect, it } from "vitest";
import type { AnalysisView } from "~/modules/analysis/view";
import { mergeHistory } from "./history";

const entry = (id: string, createdAt: string, patch: Partial<AnalysisView> = {}) =>
  ({ id, createdAt, status: "completed", ...patch }) as AnalysisView;

describe("mergeHistory", () => {
  it("keeps each analysis once, in its newest form, newest first", () => {
    const shown = [
      entry("b", "2026-11-24T09:00:00.000Z", { status: "processing" }),
      entry("a", "2026-11-24T08:00:00.000Z"),
    ];
    const merged = mergeHistory(shown, [
      entry("c", "2026-11-24T10:00:00.000Z"),
      entry("b", "2026-11-24T09:00:00.000Z", { status: "completed" }),
    ]);
    expect(merged.map((view) => `${view.id}:${view.status}`)).toEqual(["c:completed", "b:completed", "a:completed"]);
  });

  it("orders analyses made in the same millisecond by id, and keeps older pages after newer ones", () => {
    const page1 = [entry("x2", "2026-11-24T09:00:00.000Z"), entry("x1", "2026-11-24T09:00:00.000Z")];
    const page2 = [entry("w", "2026-11-23T09:00:00.000Z")];
    expect(mergeHistory(mergeHistory([], page2), page1).map((view) => view.id)).toEqual(["x2", "x1", "w"]);
  });

  it("changes nothing it is given", () => {
    const shown = [entry("a", "2026-11-24T08:00:00.000Z")];
    mergeHistory(shown, [entry("b", "2026-11-24T09:00:00.000Z")]);
    expect(shown.map((view) => view.id)).toEqual(["a"]);
  });
});
