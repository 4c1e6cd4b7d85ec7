import { describe, expect, it } from "vitest";
import { quietHoursDelayMs } from "./quiet-hours";

const MINUTE = 60_000;

describe("quiet hours (Lagos, UTC+1)", () => {
  it("sends at once by day", () => {
    expect(quietHoursDelayMs(new Date("2026-11-28T06:00:00Z"))).toBe(0); // 07:00 in Lagos
    expect(quietHoursDelayMs(new Date("2026-11-28T19:59:00Z"))).toBe(0); // 20:59
  });

  it("waits from 21:00 until 07:00 the next morning", () => {
    expect(quietHoursDelayMs(new Date("2026-11-28T20:00:00Z"))).toBe(10 * 60 * MINUTE); // 21:00
    expect(quietHoursDelayMs(new Date("2026-11-28T22:30:00Z"))).toBe(7.5 * 60 * MINUTE); // 23:30
  });

  it("waits after midnight until 07:00 the same day", () => {
    expect(quietHoursDelayMs(new Date("2026-11-28T23:15:00Z"))).toBe(6.75 * 60 * MINUTE); // 00:15
    expect(quietHoursDelayMs(new Date("2026-11-29T05:59:00Z"))).toBe(MINUTE); // 06:59
  });

  it("crosses the end of a month and a year", () => {
    expect(quietHoursDelayMs(new Date("2026-12-31T21:00:00Z"))).toBe(9 * 60 * MINUTE); // 22:00 on 31 December
  });
});
