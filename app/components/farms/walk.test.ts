import { describe, expect, it } from "vitest";
import { addWalkPosition, emptyWalk, walkRing, type WalkState } from "./walk";

// About 1.1 m per 0.00001° of latitude.
const at = (latitude: number, longitude: number, accuracy = 5) => ({ latitude, longitude, accuracy });

describe("addWalkPosition", () => {
  it("keeps a first accurate position and drops one a metre away", () => {
    const first = addWalkPosition(emptyWalk(), at(7.52, 3.91));
    expect(first.step).toBe("kept");
    const jitter = addWalkPosition(first.walk, at(7.52001, 3.91));
    expect(jitter.step).toBe("tooClose");
    expect(jitter.walk.corners).toHaveLength(1);
    expect(jitter.walk.last).toEqual(at(7.52001, 3.91));
  });

  it("keeps a position a few metres on", () => {
    const first = addWalkPosition(emptyWalk(), at(7.52, 3.91)).walk;
    const next = addWalkPosition(first, at(7.52005, 3.91));
    expect(next.step).toBe("kept");
    expect(next.walk.corners).toEqual([
      [3.91, 7.52],
      [3.91, 7.52005],
    ]);
  });

  it("shows an inaccurate position without keeping it", () => {
    const poor = addWalkPosition(emptyWalk(), at(7.52, 3.91, 65));
    expect(poor.step).toBe("inaccurate");
    expect(poor.walk.corners).toEqual([]);
    expect(poor.walk.last?.accuracy).toBe(65);
  });

  it("stops keeping corners at the vertex limit", () => {
    let walk: WalkState = emptyWalk();
    const limits = { maxVertices: 3, walkMinStepMetres: 3, walkMaxAccuracyMetres: 30 };
    for (let i = 0; i < 4; i += 1) walk = addWalkPosition(walk, at(7.52 + i * 0.001, 3.91), limits).walk;
    expect(walk.corners).toHaveLength(3);
    expect(addWalkPosition(walk, at(7.6, 3.91), limits).step).toBe("full");
  });
});

describe("walkRing", () => {
  it("closes three or more corners into a ring", () => {
    expect(
      walkRing({
        corners: [
          [0, 0],
          [1, 0],
        ],
        last: null,
      }),
    ).toBeNull();
    expect(
      walkRing({
        corners: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        last: null,
      }),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
  });
});
