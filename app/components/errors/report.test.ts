import { describe, expect, it } from "vitest";
import { describeError, MAX_RETRIES, newErrorId, retryDelayMs, supportMailto } from "./report";

describe("error reports", () => {
  it("make readable error ids", () => {
    expect(newErrorId(1_700_000_000_000, () => 0.5)).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]{4}$/);
    expect(newErrorId(1, () => 0)).toBe("ERR-1-0000");
  });

  it("allow three retries, delaying from the second by 1000 ms times its number", () => {
    expect(MAX_RETRIES).toBe(3);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([0, 2000, 3000]);
  });

  it("describe errors, responses and anything thrown", () => {
    expect(describeError(new TypeError("x is undefined")).message).toBe("x is undefined");
    expect(describeError({ status: 500, statusText: "Internal Server Error" }).message).toBe("500 Internal Server Error");
    expect(describeError(42).message).toBe("Unknown error");
  });

  it("prefill the support e-mail with what support needs", () => {
    const link = supportMailto(
      "support@asiiko.ng",
      { errorId: "ERR-1-0000", boundary: "MarketplacePage", level: "page", message: "boom", timestamp: "2026-11-21T10:00:00Z", retryCount: 1 },
      "Asiiko error report ERR-1-0000",
      "http://localhost/marketplace",
    );
    expect(link.startsWith("mailto:support@asiiko.ng?subject=Asiiko%20error%20report%20ERR-1-0000&body=")).toBe(true);
    const body = decodeURIComponent(link.split("&body=")[1]!);
    expect(body).toContain("Error ID: ERR-1-0000");
    expect(body).toContain("Boundary: MarketplacePage");
    expect(body).toContain("Level: page");
    expect(body).toContain("Message: boom");
    expect(body).toContain("URL: http://localhost/marketplace");
    expect(body).toContain("Time: 2026-11-21T10:00:00Z");
  });
});
