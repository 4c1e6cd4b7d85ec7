import { describe, expect, it } from "vitest";
import { ownerOf, renderProfile, summariseProfile, type CpuProfile } from "./cpu-profile";

const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber });

// (root) -> handle (our build) -> render (react-dom) ; (root) -> (idle) ; (root) -> (garbage collector)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4, 5] },
    { id: 2, callFrame: frame("handle", "file:///app/build/server/index.js", 9), children: [3] },
    { id: 3, callFrame: frame("render", "file:///app/node_modules/react-dom/server.js", 41) },
    { id: 4, callFrame: frame("(idle)") },
    { id: 5, callFrame: frame("(garbage collector)") },
  ],
  // Times in microseconds: samples at 1,000 + the deltas.
  startTime: 1_000,
  endTime: 9_000,
  samples: [2, 3, 3, 4, 5, 3],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe("summariseProfile", () => {
  it("adds self time by owner and function, leaves idle out of the busy time, and sums a function's subtree", () => {
    const summary = summariseProfile(profile, { under: ["handle"] });
    expect(summary.totalMs).toBe(6);
    expect(summary.busyMs).toBe(5);
    expect(summary.owners).toEqual([
      { name: "react-dom", ms: 3, share: 0.6 },
      { name: "our build (pages and API)", ms: 1, share: 0.2 },
      { name: "garbage collection", ms: 1, share: 0.2 },
    ]);
    expect(summary.functions[0]).toEqual({ name: "render (react-dom:42)", ms: 3, share: 0.6 });
    expect(summary.under).toEqual([{ name: "handle", ms: 4, share: 0.8 }]);
  });

  it("counts only the samples between from and to", () => {
    // Samples fall at 2,000 .. 7,000: from 3,500 to 6,000 keeps 4,000 (idle), 5,000 (gc) and 6,000 (render).
    const summary = summariseProfile(profile, { from: 3_500, to: 6_000 });
    expect(summary.totalMs).toBe(3);
    expect(summary.busyMs).toBe(2);
  });

  it("names owners: scoped packages, Node's own, V8's pseudo-frames", () => {
    expect(ownerOf(frame("x", "file:///a/node_modules/@remix-run/router/dist/router.cjs.js"))).toBe(
      "@remix-run/router",
    );
    expect(ownerOf(frame("x", "node:zlib"))).toBe("node");
    expect(ownerOf(frame("(program)"))).toBe("program (V8, not attributed)");
    expect(ownerOf(frame("writev"))).toBe("native: writev");
  });

  it("renders CPU per request", () => {
    const lines = renderProfile(summariseProfile(profile), 5);
    expect(lines[0]).toContain("1.00 ms of CPU per request");
    expect(lines).toContain("| react-dom | 60.0% | 0.60 |");
  });
});
