import { describe, expect, it } from "vitest";
import { checkoutReturnPath, withCheckoutResult } from "./return-path";

describe("checkoutReturnPath", () => {
  it("keeps a path of this site, with its query", () => {
    expect(checkoutReturnPath("/asiiko")).toBe("/asiiko");
    expect(checkoutReturnPath("/mapping?farm=abc")).toBe("/mapping?farm=abc");
  });

  it("falls back to Settings for other origins, odd values and pages that are no place to return to", () => {
    for (const unsafe of [
      "//evil.example",
      "//evil.example/asiiko",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "asiiko",
      "",
      "/auth",
      "/auth?redirectTo=/x",
      "/api/subscription/checkout",
      "/checkout/sandbox?session=x",
      "/logout",
      `/${"a".repeat(3000)}`,
      "/a\u0000b",
      null,
      42,
      { path: "/asiiko" },
    ]) {
      expect(checkoutReturnPath(unsafe), String(unsafe)).toBe("/settings");
    }
  });

  it("does not mistake a page whose name only starts like a refused one", () => {
    expect(checkoutReturnPath("/authors")).toBe("/authors");
  });
});

describe("withCheckoutResult", () => {
  it("adds how checkout went, keeping the page's parameters", () => {
    expect(withCheckoutResult("/asiiko", "success")).toBe("/asiiko?checkout=success");
    expect(withCheckoutResult("/mapping?farm=abc", "cancelled")).toBe("/mapping?farm=abc&checkout=cancelled");
    expect(withCheckoutResult("/settings?checkout=cancelled", "success")).toBe("/settings?checkout=success");
  });

  it("never leaves the site", () => {
    expect(withCheckoutResult("//evil.example", "success")).toBe("/settings?checkout=success");
  });
});
