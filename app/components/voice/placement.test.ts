import { describe, expect, it } from "vitest";
import {
  boxAt,
  BUTTON_SIZE,
  candidatePlacements,
  choosePlacement,
  searchPlacement,
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

  it("tells each place how many covered points already rule it out: the fewest found so far", () => {
    const places = candidatePlacements(740);
    const told: number[] = [];
    const counts = [6, 9, 3, 4, 2];
    const chosen = choosePlacement(places.slice(0, 5), (place, enough) => {
      told.push(enough);
      return Math.min(counts[places.indexOf(place)]!, enough);
    });
    // First whether each is free (one covered point rules it out), then how much each covers.
    expect(told).toEqual([1, 1, 1, 1, 1, Number.POSITIVE_INFINITY, 6, 6, 3, 3]);
    expect(chosen).toEqual(places[4]);
  });

  it("searches one place a step, so the page can answer between steps, and ends with the same choice", () => {
    const places = candidatePlacements(740);
    const search = searchPlacement(places, (place) => (place.bottom === 112 && place.form === "button" ? 1 : 4));
    let steps = 0;
    let step = search.next();
    while (!step.done) {
      steps += 1;
      step = search.next();
    }
    expect(step.value).toEqual({ form: "button", side: "right", bottom: 112 });
    // Every place was looked at twice (none was free: whether free, then how much it covers), one per step.
    expect(steps).toBe(places.length * 2);
    const free = searchPlacement(places, (place) => (place.side === "left" ? 0 : 3));
    expect(free.next()).toEqual({ done: false, value: undefined });
    expect(free.next()).toEqual({ done: true, value: { form: "button", side: "left", bottom: 16 } });
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
