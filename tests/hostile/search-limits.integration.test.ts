import { describe, expect, it, vi } from "vitest";

// How often searching is allowed, per account and per network address. This file's server runs
// with small limits (set before anything reads the configuration), so that the address limit,
// which by default only a crowd behind one address reaches, can be reached here by a few
// accounts. The default per-account limit is tested in app/routes/api.search.integration.test.ts.
vi.hoisted(() => {
  process.env.SEARCH_LIMIT_PER_USER = "4";
  process.env.SEARCH_LIMIT_PER_ADDRESS = "6";
});

const { apiClient, newIp, signedInUser } = await import("../support/api-client");
const { serveForTests } = await import("../support/web");
const { searchLimits } = await import("~/modules/search/rate-limits.server");

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

describe("search rate limits", () => {
  it("reads both limits from the configuration, and 0 turns one off", async () => {
    expect(searchLimits()).toMatchObject({
      perUser: { max: 4, windowSeconds: 60 },
      perAddress: { max: 6, windowSeconds: 60 },
    });
    const { parseEnv } = await import("~/env.server");
    const off = parseEnv({ ...process.env, SEARCH_LIMIT_PER_USER: "0", SEARCH_LIMIT_PER_ADDRESS: "0" });
    expect(searchLimits(off)).toEqual({ perUser: null, perAddress: null });
    const defaults = parseEnv({
      ...process.env,
      SEARCH_LIMIT_PER_USER: undefined,
      SEARCH_LIMIT_PER_ADDRESS: undefined,
    });
    expect(searchLimits(defaults)).toMatchObject({ perUser: { max: 60 }, perAddress: { max: 600 } });
  });

  it("shares one address's allowance among its accounts, and lets other addresses search on", async () => {
    const shared = newIp();
    const readers = await Promise.all([1, 2, 3].map(() => signedInUser("USER", "limit_crowd")));
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const reader = readers[index % 3]!;
      statuses.push(
        (await call("GET", "/api/search?q=maize", undefined, { cookie: reader.cookie, ip: shared })).status,
      );
    }
    // No account has reached its own 4; the address reached its 6.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await call("GET", "/api/market/listings?search=maize", undefined, {
      cookie: readers[0]!.cookie,
      ip: shared,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // Elsewhere, the same accounts search (each has used 2 or 3 of its 4).
    expect(
      (await call("GET", "/api/search?q=maize", undefined, { cookie: readers[2]!.cookie, ip: newIp() })).status,
    ).toBe(200);
  });

  it("counts only searches that are asked well: a refused query, browsing and My Listings cost nothing", async () => {
    const reader = await signedInUser("USER", "limit_careful");
    const ip = newIp();
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await call("GET", `/api/search?q=${"a".repeat(300)}`, undefined, { cookie: reader.cookie, ip })).status,
      ).toBe(400);
      expect(
        (
          await call("GET", "/api/market/listings?category=Grains%20%26%20Cereals", undefined, {
            cookie: reader.cookie,
            ip,
          })
        ).status,
      ).toBe(200);
      expect((await call("GET", "/my-listings?search=maize", undefined, { cookie: reader.cookie, ip })).status).toBe(
        200,
      );
      expect((await call("GET", "/search", undefined, { cookie: reader.cookie, ip })).status).toBe(200);
    }
    for (let index = 0; index < 4; index += 1) {
      expect((await call("GET", "/search?q=maize", undefined, { cookie: reader.cookie, ip })).status).toBe(200);
    }
    const page = await call("GET", "/search?q=maize", undefined, { cookie: reader.cookie, ip });
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.body).toContain("Too many searches in a short time.");
  });
});
