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

  it("writes Hausa, Igbo and Yoruba dates in Nigerian English, which every browser and the server have", () => {
    for (const language of ["ha", "ig", "yo"] as const) expect(formatDate("2026-11-23T09:00:00Z", language, "long")).toBe("23 November 2026");
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
