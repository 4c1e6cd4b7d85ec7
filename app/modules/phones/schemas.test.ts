import { describe, expect, it } from "vitest";
import { phoneCodeSchema } from "./schemas";

describe("phoneCodeSchema", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["123-456", "123456"],
    ["000001", "000001"],
  ])("reads %j as %s", (code, digits) => {
    expect(phoneCodeSchema.parse({ code })).toEqual({ code: digits });
  });

  it.each(["12345", "1234567", "12a456", "١٢٣٤٥٦"])("refuses %j as no code", (code) => {
    const result = phoneCodeSchema.safeParse({ code });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("phoneCheck.errors.codeFormat");
  });

  it("refuses a NUL as text that cannot be stored", () => {
    const result = phoneCodeSchema.safeParse({ code: "123456\u0000" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["errors.invalidText"]);
  });

  it("asks for a missing code", () => {
    const result = phoneCodeSchema.safeParse({ code: "  " });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["phoneCheck.errors.codeRequired"]);
  });
});
