import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("uses Lagos time, so a late-evening UTC instant is already the next day", () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos (UTC+1).
    expect(formatDate("2026-12-31T23:30:00Z", "en", "long")).toBe("1 January 2027");
  });

  it("writes English dates day first, as Nigerian English does", () => {
    expect(formatDate(new Date("2026-03-05T12:00:00Z"), "en", "medium")).toBe("5 Mar 2026");
  });

  it("adds the Lagos clock time when asked", () => {
    expect(formatDate("2026-03-05T12:05:00Z", "en", "medium-time")).toBe("5 Mar 2026, 13:05");
  });

  it("writes French dates in French", () => {
    expect(formatDate("2026-03-05T12:00:00Z", "fr", "long")).toBe("5 mars 2026");
  });

  it("writes Hausa, Igbo and Yoruba dates with their own month names, day first", () => {
    expect(formatDate("2026-11-23T09:00:00Z", "ha", "long")).toBe("23 Nuwamba 2026");
    expect(formatDate("2026-11-23T09:00:00Z", "ig", "long")).toBe("23 Novemba 2026");
    expect(formatDate("2026-11-23T09:00:00Z", "yo", "long")).toBe("23 Bélú 2026");
    expect(formatDate("2026-03-05T12:05:00Z", "ha", "medium")).toBe("5 Mar 2026");
    expect(formatDate("2026-08-05T12:05:00Z", "ha", "medium-time")).toBe("5 Agu 2026, 13:05");
  });

  it("takes the month in Lagos time for those languages too", () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Lagos.
    expect(formatDate("2026-11-30T23:30:00Z", "ha", "long")).toBe("1 Disamba 2026");
  });

  it("never leaves an English month name in a Hausa, Igbo or Yoruba date", () => {
    const english = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/;
    for (const language of ["ha", "ig", "yo"] as const) {
      for (let month = 0; month < 12; month += 1) {
        expect(formatDate(new Date(Date.UTC(2026, month, 15, 12)), language, "long")).not.toMatch(english);
      }
    }
  });

  it("gives the same text whatever the process's own time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(formatDate("2026-12-31T23:30:00Z", "en", "long")).toBe("1 January 2027");
    } finally {
      process.env.TZ = before;
    }
  });

  it("answers an empty text for a date that does not parse", () => {
    expect(formatDate("not a date", "en")).toBe("");
  });
});
