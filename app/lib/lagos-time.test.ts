import { describe, expect, it } from "vitest";
import { fromLagosClock, lagosClock, lagosDate, lagosTimeOfDay, lagosWeekStart } from "./lagos-time";

describe("Lagos time", () => {
  it("is an hour ahead of UTC, in every month (no summer time)", () => {
    for (const month of ["01", "04", "07", "10"]) {
      expect(lagosTimeOfDay(new Date(`2026-${month}-15T13:05:00Z`))).toBe("14:05");
    }
  });

  it("turns the date at 23:00 UTC, Lagos's midnight", () => {
    expect(lagosDate(new Date("2026-12-07T22:59:59Z"))).toBe("2026-12-07");
    expect(lagosDate(new Date("2026-12-07T23:00:00Z"))).toBe("2026-12-08");
  });

  it("reads the wall clock's fields and back", () => {
    const at = new Date("2026-12-07T20:30:00Z");
    expect(lagosClock(at).getUTCHours()).toBe(21);
    expect(fromLagosClock(lagosClock(at)).getTime()).toBe(at.getTime());
  });

  it("starts each week on Monday at Lagos's midnight", () => {
    // Sunday 23:30 UTC is Monday 00:30 in Lagos: already the new week.
    expect(lagosWeekStart(new Date("2026-12-06T23:30:00Z"))).toBe("2026-12-07");
    expect(lagosWeekStart(new Date("2026-12-06T22:30:00Z"))).toBe("2026-11-30");
    expect(lagosWeekStart(new Date("2026-12-13T12:00:00Z"))).toBe("2026-12-07");
  });
});
