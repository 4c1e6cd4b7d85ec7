import { describe, expect, it } from "vitest";
import {
  boxAt,
  BUTTON_SIZE,
  candidatePlacements,
  choosePlacement,
  HOME,
  probePoints,
  samePlacement,
  TAB,
  type Placement,
} from "./placement";

describe("the microphone's places", () => {
  it("tries the round button at the bottom right first, then the bottom left, then up both edges, then the tab", () => {
    const places = candidatePlacements(740);
    expect(places[0]).toEqual(HOME);
    expect(places[1]).toEqual({ form: "button", side: "left", bottom: 16 });
    expect(places[2]).toEqual({ form: "button", side: "right", bottom: 64 });
    const firstTab = places.findIndex((place) => place.form === "tab");
    expect(places.slice(firstTab).every((place) => place.form === "tab")).toBe(true);
    expect(places[firstTab]).toEqual({ form: "tab", side: "right", bottom: 16 });
    // Never above the screen's middle, where a thumb no longer reaches.
    for (const place of places) {
      expect(place.bottom + (place.form === "button" ? BUTTON_SIZE : TAB.height)).toBeLessThanOrEqual(370);
    }
  });

  it("keeps the corners on a screen too short to climb", () => {
    expect(candidatePlacements(100)).toEqual([
      HOME,
      { form: "button", side: "left", bottom: 16 },
      { form: "tab", side: "right", bottom: 16 },
      { form: "tab", side: "left", bottom: 16 },
    ]);
  });

  it("takes the first free place, and asks no further", () => {
    const asked: Placement[] = [];
    const chosen = choosePlacement(candidatePlacements(740), (place) => {
      asked.push(place);
      return place.side === "left" ? 0 : 3;
    });
    expect(chosen).toEqual({ form: "button", side: "left", bottom: 16 });
    expect(asked).toHaveLength(2);
  });

  it("becomes the tab when every round place covers something", () => {
    const chosen = choosePlacement(candidatePlacements(740), (place) => (place.form === "button" ? 5 : 0));
    expect(chosen).toEqual({ form: "tab", side: "right", bottom: 16 });
  });

  it("when every place covers something, takes the one covering least, the earliest among equals", () => {
    const places = candidatePlacements(740);
    const chosen = choosePlacement(places, (place) => (place.bottom === 112 && place.form === "button" ? 1 : 4));
    expect(chosen).toEqual({ form: "button", side: "right", bottom: 112 });
    expect(choosePlacement(places, () => 2)).toEqual(HOME);
    expect(choosePlacement([], () => 0)).toEqual(HOME);
  });

  it("measures the box from the screen's bottom, raised by the toasts' lift; the tab lies against the edge", () => {
    const viewport = { width: 360, height: 740 };
    expect(boxAt(HOME, 0, viewport)).toEqual({ left: 288, top: 668, width: 56, height: 56 });
    expect(boxAt({ form: "button", side: "left", bottom: 64 }, 20, viewport)).toEqual({
      left: 16,
      top: 600,
      width: 56,
      height: 56,
    });
    expect(boxAt({ form: "tab", side: "right", bottom: 16 }, 0, viewport)).toEqual({
      left: 344,
      top: 660,
      width: 16,
      height: 64,
    });
    expect(boxAt({ form: "tab", side: "left", bottom: 16 }, 0, viewport).left).toBe(0);
  });

  it("looks at points no more than 16 px apart, reaching a little past the edge", () => {
    const points = probePoints({ left: 100, top: 200, width: 56, height: 56 });
    const xs = [...new Set(points.map(([x]) => x))].sort((a, b) => a - b);
    const ys = [...new Set(points.map(([, y]) => y))].sort((a, b) => a - b);
    expect(xs[0]).toBe(96);
    expect(xs.at(-1)).toBe(160);
    expect(ys[0]).toBe(196);
    expect(ys.at(-1)).toBe(260);
    for (const axis of [xs, ys]) {
      for (let index = 1; index < axis.length; index += 1)
        expect(axis[index]! - axis[index - 1]!).toBeLessThanOrEqual(16);
    }
    expect(points).toHaveLength(xs.length * ys.length);
  });

  it("tells places apart by form, edge and height", () => {
    expect(samePlacement(HOME, { form: "button", side: "right", bottom: 16 })).toBe(true);
    expect(samePlacement(HOME, { form: "tab", side: "right", bottom: 16 })).toBe(false);
    expect(samePlacement(HOME, { form: "button", side: "left", bottom: 16 })).toBe(false);
    expect(samePlacement(HOME, { form: "button", side: "right", bottom: 64 })).toBe(false);
  });
});
