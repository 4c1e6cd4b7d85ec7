import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "./origin.server";

const base = { path: "/api/login", protocol: "https", host: "asiiko.ng", origin: undefined, secFetchSite: undefined };

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

  it("compares the Origin's scheme, host and port with the site's, not its host alone", () => {
    // The site served over plain http: a page served over https is another origin.
    const overHttp = { ...base, method: "POST", protocol: "http" };
    expect(isCrossSiteMutation({ ...overHttp, origin: "https://asiiko.ng" })).toBe(true);
    expect(isCrossSiteMutation({ ...overHttp, origin: "http://asiiko.ng" })).toBe(false);
    expect(isCrossSiteMutation({ ...overHttp, origin: "http://asiiko.ng:80" })).toBe(false);
    // Over https (a trusted proxy said so): a plain http page is another origin too.
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "http://asiiko.ng" })).toBe(true);
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "https://asiiko.ng:443" })).toBe(false);
    // Another port is another origin.
    expect(isCrossSiteMutation({ ...base, method: "POST", origin: "https://asiiko.ng:8443" })).toBe(true);
    expect(isCrossSiteMutation({ ...overHttp, host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).toBe(false);
    expect(isCrossSiteMutation({ ...overHttp, host: "127.0.0.1:3000", origin: "http://127.0.0.1:3001" })).toBe(true);
    expect(isCrossSiteMutation({ ...overHttp, host: "127.0.0.1:3000", origin: "http://127.0.0.1" })).toBe(true);
    // No Host to compare with: an Origin cannot be ours.
    expect(isCrossSiteMutation({ ...base, method: "POST", host: undefined, origin: "https://asiiko.ng" })).toBe(true);
  });

  it("exempts signed webhooks", () => {
    expect(
      isCrossSiteMutation({ ...base, method: "POST", path: "/api/webhooks/stripe", origin: "https://stripe.example" }),
    ).toBe(false);
  });
});
