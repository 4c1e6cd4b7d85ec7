import { describe, expect, it } from "vitest";
import { phoneCodeIssueCode, phoneCodeSchema } from "./schemas";

describe("phoneCodeSchema", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["123-456", "123456"],
    ["000001", "000001"],
  ])("reads %j as %s", (code, digits) => {
    expect(phoneCodeSchema.parse({ code })).toEqual({ code: digits });
  });

  it.each(["12345", "1234567", "12a456", "١٢٣٤٥٦", "123456\u0000"])("refuses %j as no code", (code) => {
    const result = phoneCodeSchema.safeParse({ code });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(phoneCodeIssueCode)).toContain("VLD_INVALID_CODE");
  });

  it("calls a missing code a required field", () => {
    const result = phoneCodeSchema.safeParse({ code: "  " });
    expect(result.error?.issues.map(phoneCodeIssueCode)).toEqual(["VLD_REQUIRED_FIELD"]);
  });
});
