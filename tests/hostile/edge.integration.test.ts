import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { apiClient, removeCreatedData, signedInUser, trackProduct, uniqueName } from "../support/api-client";
import { bootWebServer } from "../support/web";

// What every answer carries (security headers, caching of what is private),
// what is never served (upload originals), and how often uploads and error
// reports may come.

let web: Awaited<ReturnType<typeof bootWebServer>>;
const call = apiClient(() => web.baseUrl);

beforeAll(async () => {
  web = await bootWebServer();
});

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
});

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  const policy = headers.get("content-security-policy") ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  return policy;
}

describe("security headers", () => {
  it("a page allows only its own scripts and the inline ones with this answer's nonce", async () => {
    const page = await call("GET", "/auth");
    expect(page.status).toBe(200);
    const policy = expectSecurityHeaders(page.headers);
    const nonce = policy.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = String(page.body);
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A new answer, a new nonce.
    const again = await call("GET", "/auth");
    expect(again.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("an API answer and a static file carry them too", async () => {
    expectSecurityHeaders((await call("GET", "/api/health")).headers);
    expectSecurityHeaders((await call("GET", "/api/user")).headers);
    expectSecurityHeaders((await call("GET", "/favicon.svg")).headers);
  });

  it("what a signed-in reader fetches is not cached for others: pages and API reads", async () => {
    const { cookie } = await signedInUser("USER", "cache");
    const product = trackProduct(await prisma.product.create({ data: { name: uniqueName("Cache Yam"), categories: ["Root Vegetables"] } }));
    for (const pathName of ["/marketplace", "/settings", `/api/products/${product.id}`, "/api/products", "/api/user"]) {
      const response = await call("GET", pathName, undefined, { cookie });
      expect(response.status, pathName).toBe(200);
      expect(response.headers.get("cache-control"), pathName).toMatch(/private.*no-store|no-store.*private/);
    }
  });
});

describe("uploaded files", () => {
  it("an original is never served, even while it waits for processing; only the WebP sizes are", async () => {
    const id = `edge${Date.now()}`;
    const root = path.resolve(getEnv().UPLOAD_DIR);
    await mkdir(path.join(root, "originals"), { recursive: true });
    await mkdir(path.join(root, id), { recursive: true });
    await writeFile(path.join(root, "originals", id), "an original with its GPS position");
    await writeFile(path.join(root, id, "800.webp"), "RIFF....WEBP");
    try {
      expect((await call("GET", `/uploads/originals/${id}`)).status).toBe(404);
      expect((await call("GET", `/uploads/${id}/../originals/${id}`)).status).toBe(404);
      expect((await call("GET", `/uploads/${id}/800.jpg`)).status).toBe(404);
      const served = await call("GET", `/uploads/${id}/800.webp`);
      expect(served.status).toBe(200);
      expectSecurityHeaders(served.headers);
    } finally {
      await rm(path.join(root, "originals", id), { force: true });
      await rm(path.join(root, id), { recursive: true, force: true });
    }
  });
});

describe("rate limits", () => {
  it("uploads: at most 30 in ten minutes per user, then 429 with Retry-After", async () => {
    const { cookie } = await signedInUser("USER", "uploader");
    const statuses: number[] = [];
    // Each attempt counts, even one that is refused for its body.
    for (let attempt = 0; attempt < 30; attempt += 1) statuses.push((await call("POST", "/api/uploads", { not: "multipart" }, { cookie })).status);
    expect(new Set(statuses)).toEqual(new Set([415]));
    const refused = await call("POST", "/api/uploads", { not: "multipart" }, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("error reports: at most 30 in ten minutes per address, then 429 with Retry-After", async () => {
    const ip = "198.51.100.200";
    const report = (n: number) => ({ errorId: `ERR-EDGE-${n}`, boundary: "Edge", level: "page", message: "boom", timestamp: new Date().toISOString(), retryCount: 0 });
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) statuses.push((await call("POST", "/api/errors/frontend", report(n), { ip })).status);
    expect(new Set(statuses)).toEqual(new Set([202]));
    const refused = await call("POST", "/api/errors/frontend", report(31), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await call("POST", "/api/errors/frontend", report(32), { ip: "198.51.100.201" })).status).toBe(202);
  });
});
