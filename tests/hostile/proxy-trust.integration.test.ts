import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_LIMITS } from "~/modules/auth/constants";
import { apiClient, removeCreatedData, signedInUser } from "../support/api-client";
import { bootWebServer } from "../support/web";

// Who the client is, and where links point, must not be for the client to say.

// Demo mode: checkout links go to the sandbox checkout, which exists only in a demo.
vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

type Web = Awaited<ReturnType<typeof bootWebServer>>;
let direct: Web;
let behindProxy: Web;
const callDirect = apiClient(() => direct.baseUrl);
const callViaProxy = apiClient(() => behindProxy.baseUrl);

beforeAll(async () => {
  // As deployed with no TRUST_PROXY: clients reach the server directly.
  direct = await bootWebServer({ trustProxy: false });
  // Behind a proxy on this machine, configured as TRUST_PROXY=loopback.
  behindProxy = await bootWebServer({ trustProxy: "loopback" });
});

afterAll(async () => {
  await removeCreatedData();
  await direct?.stop();
  await behindProxy?.stop();
});

/** Sign-ups one address may make in an hour (a village hall's hotspot signs up a whole class). */
const MAX_SIGNUPS = AUTH_LIMITS.registerPerIp.max;

/** A registration that fails validation: counted against the address all the same. */
const junkRegistration = { username: "x", password: "short" };

describe("proxy trust", () => {
  it("a made-up X-Forwarded-For does not escape the per-address limit when no proxy is trusted", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < MAX_SIGNUPS + 1; attempt += 1) {
      // Every request claims another client; all come from this one socket address.
      const response = await callDirect("POST", "/api/register", junkRegistration, { ip: `203.0.113.${attempt + 1}` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, MAX_SIGNUPS).every((status) => status === 400)).toBe(true);
    expect(statuses[MAX_SIGNUPS]).toBe(429);
    const last = await callDirect("POST", "/api/register", junkRegistration, { ip: "198.51.100.77" });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a trusted proxy's X-Forwarded-For names the client, so clients behind it are counted apart", async () => {
    const ip = "192.0.2.10";
    for (let attempt = 0; attempt < MAX_SIGNUPS; attempt += 1)
      await callViaProxy("POST", "/api/register", junkRegistration, { ip });
    expect((await callViaProxy("POST", "/api/register", junkRegistration, { ip })).status).toBe(429);
    expect((await callViaProxy("POST", "/api/register", junkRegistration, { ip: "192.0.2.11" })).status).toBe(400);
  });

  it("checkout links are paths of this site, whatever Host and X-Forwarded-Host say", async () => {
    const { cookie } = await signedInUser("USER", "proxy");
    for (const [call, headers] of [
      [callViaProxy, { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" }],
      [callViaProxy, { "X-Forwarded-Host": "[" }],
      [callDirect, { "X-Forwarded-Host": "evil.example" }],
    ] as const) {
      const response = await call("POST", "/api/subscription/checkout", undefined, { cookie, headers });
      expect(response.status).toBe(200);
      // The sandbox is on our own origin: a path, so no header can point the browser elsewhere.
      expect(response.body.checkoutUrl).toMatch(/^\/checkout\/sandbox\?session=[^/]/);
      expect(response.body.checkoutUrl).not.toContain("evil");
    }
  });

  it("a write is from our own site only when the Origin's scheme, host and port are the site's", async () => {
    const site = (web: Web) => new URL(web.baseUrl);
    const signOut = (call: typeof callDirect, origin: string, headers: Record<string, string> = {}) =>
      call("POST", "/api/logout", undefined, { headers: { Origin: origin, ...headers } });
    // Served over plain http: an https page is another site, whatever a client says of the scheme.
    expect((await signOut(callDirect, `http://${site(direct).host}`)).status).toBe(200);
    const forwardedProtos: Record<string, string>[] = [{}, { "X-Forwarded-Proto": "https" }];
    for (const forwarded of forwardedProtos) {
      const refused = await signOut(callDirect, `https://${site(direct).host}`, forwarded);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: { code: "SEC_CSRF_VIOLATION" } });
    }
    expect((await signOut(callDirect, `http://${site(direct).hostname}:1`)).status).toBe(403);
    // Behind the trusted proxy that says the site was reached over https: https pages are ours, http ones are not.
    expect(
      (await signOut(callViaProxy, `https://${site(behindProxy).host}`, { "X-Forwarded-Proto": "https" })).status,
    ).toBe(200);
    expect(
      (await signOut(callViaProxy, `http://${site(behindProxy).host}`, { "X-Forwarded-Proto": "https" })).status,
    ).toBe(403);
  });

  it("a broken Host or forwarding header is ignored, never an error", async () => {
    const broken: Record<string, string>[] = [
      { "X-Forwarded-Host": "[" },
      { "X-Forwarded-Proto": "ht tp" },
      { "X-Forwarded-Port": "99999999" },
    ];
    for (const headers of broken) {
      for (const call of [callViaProxy, callDirect]) {
        const page = await call("GET", "/auth", undefined, { headers });
        expect(page.status).toBe(200);
        const health = await call("GET", "/api/health", undefined, { headers });
        expect(health.status).toBe(200);
      }
    }
  });
});
