import { describe, expect, it } from "vitest";
import { formatNaira } from "./currency";

describe("formatNaira", () => {
  it("shows naira with thousands separators and no decimals", () => {
    expect(formatNaira(12500)).toBe("₦12,500");
    expect(formatNaira("15000.00")).toBe("₦15,000");
    expect(formatNaira(10_000_000)).toBe("₦10,000,000");
  });

  it("rounds to whole naira", () => {
    expect(formatNaira("1.49")).toBe("₦1");
    expect(formatNaira(2.5)).toBe("₦3");
  });

  it("returns an empty string for what is not a number", () => {
    expect(formatNaira("abc")).toBe("");
  });
});
