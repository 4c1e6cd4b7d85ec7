import { describe, expect, it } from "vitest";
import { formatNumber } from "./numbers";

describe("formatNumber", () => {
  it("groups thousands and writes the decimal mark of the reader's language", () => {
    expect(formatNumber(12345.5, "en")).toBe("12,345.5");
    expect(formatNumber(12345.5, "fr")).toBe("12\u202f345,5");
    for (const language of ["ha", "ig", "yo"]) expect(formatNumber(1500, language)).toBe("1,500");
    expect(formatNumber(0, "yo")).toBe("0");
  });

  it("keeps two decimals at most and writes nothing for a value that is not a number", () => {
    expect(formatNumber(2.3456, "en")).toBe("2.35");
    expect(formatNumber(Number.NaN, "en")).toBe("");
    expect(formatNumber(Number.POSITIVE_INFINITY, "fr")).toBe("");
  });
});
