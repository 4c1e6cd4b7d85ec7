import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../tests/support/local-server";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

describe("contentSecurityPolicy", () => {
  it("lets a page run only its own scripts and the inline ones with this answer's nonce", () => {
    const policy = contentSecurityPolicy("abc123", "/marketplace", "production");
    const scripts = policy.split("; ").filter((directive) => directive.startsWith("script-src"));
    expect(scripts).toEqual(["script-src 'self' 'nonce-abc123'"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("loads images from the site, the map's tile servers and the hosts the operator allows, and no other", () => {
    const imageSources = (hosts?: string[]) =>
      contentSecurityPolicy("abc123", "/mapping", "production", hosts)
        .split("; ")
        .find((directive) => directive.startsWith("img-src "))!
        .split(" ")
        .slice(1);
    const tiles = [
      "https://server.arcgisonline.com",
      "https://a.tile.opentopomap.org",
      "https://b.tile.opentopomap.org",
      "https://c.tile.opentopomap.org",
      "https://tile.openstreetmap.org",
    ];
    expect(imageSources()).toEqual(["'self'", "data:", "blob:", ...tiles]);
    expect(imageSources(["photos.example.ng", "cdn.asiiko.ng"])).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://photos.example.ng",
      "https://cdn.asiiko.ng",
      ...tiles,
    ]);
    // Never a whole scheme of other servers (any https server, filesystem: addresses); blob: ones
    // are made only by the page's own scripts, for a photo the phone holds before it is sent.
    expect(imageSources(["photos.example.ng"]).filter((source) => !source.includes("."))).toEqual([
      "'self'",
      "data:",
      "blob:",
    ]);
  });

  it("lets the operators' dashboard run its own inline scripts and Google's fonts", () => {
    const policy = contentSecurityPolicy("abc123", "/admin/queues/queue/sms", "production");
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("font-src 'self' data: https://fonts.gstatic.com");
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("in development refuses only framing, plugins and another base (Vite's live reload is inline)", () => {
    expect(contentSecurityPolicy("abc123", "/", "development")).toBe(
      "base-uri 'self'; object-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe("securityHeaders", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders("production"));
    app.get("*", (_req, res) => {
      res.json({ nonce: res.locals.cspNonce });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("puts the policy with a fresh nonce, the page's own, on every answer", async () => {
    const first = await fetch(`${web.baseUrl}/`);
    const second = await fetch(`${web.baseUrl}/`);
    const { nonce } = (await first.json()) as { nonce: string };
    const { nonce: other } = (await second.json()) as { nonce: string };
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(other).not.toBe(nonce);
    expect(first.headers.get("content-security-policy")).toBe(contentSecurityPolicy(nonce, "/", "production"));
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${other}'`);
  });

  it("forbids type sniffing and framing, and shortens the referrer", async () => {
    const response = await fetch(`${web.baseUrl}/api/health`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("chooses the policy by the address: the dashboard gets its own", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self' 'unsafe-inline'");
  });
});
