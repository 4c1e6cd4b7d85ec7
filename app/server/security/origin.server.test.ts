import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "./origin.server";

const base = { path: "/api/login", host: "asiiko.ng", origin: undefined, secFetchSite: undefined };

describe("isCrossSiteMutation", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteMutation({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
    expect(isCrossSiteMutation({ ...base, method: "HEAD", origin: "https://evil.example" })).toBe(false);
  });

  it("accepts writes from our own origin and from tools that send no origin", () => {
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "https://asiiko.ng" })).toBe(false);
    expect(isCrossSiteMutation({ ...base, method: "POST" })).toBe(false);
    expect(isCrossSiteMutation({ ...base, method: "POST", secFetchSite: "same-origin" })).toBe(false);
  });

  it("refuses writes from another origin, an opaque origin, or a cross-site fetch", () => {
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "DELETE", origin: "https://asiiko.ng.evil.example" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "PATCH", origin: "null" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "not a url" })).toBe(true);
  });

  it("exempts signed webhooks", () => {
    expect(
      isCrossSiteMutation({ ...base, method: "POST", path: "/api/webhooks/stripe", origin: "https://stripe.example" }),
    ).toBe(false);
  });
});
