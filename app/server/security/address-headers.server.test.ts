import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { sanitiseAddressHeaders } from "./address-headers.server";

/** A host name of well-formed labels, past the 300 characters a Host may have. */
const LONG_HOST = `${"abcdefghij".repeat(6)}.`.repeat(5) + "ng";

/** An app that answers what the request's address headers became, with `trust proxy` as given. */
async function echoAddress(trustProxy: boolean | string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(sanitiseAddressHeaders);
  app.get("*", (req, res) => {
    res.json({
      host: req.headers.host,
      forwardedHost: req.headers["x-forwarded-host"] ?? null,
      forwardedProto: req.headers["x-forwarded-proto"] ?? null,
      forwardedPort: req.headers["x-forwarded-port"] ?? null,
      hostname: req.hostname,
      protocol: req.protocol,
    });
  });
  return listenLocally(app);
}

async function addressSeen(baseUrl: string, headers: Record<string, string>) {
  const answer = await plainRequest(`${baseUrl}/`, { headers });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Record<string, string | null>;
}

describe("sanitiseAddressHeaders, no proxy trusted", () => {
  let web: Awaited<ReturnType<typeof echoAddress>>;
  beforeAll(async () => {
    web = await echoAddress(false);
  });
  afterAll(() => web.close());

  it("keeps a Host that is a host name or an address, with or without a port", async () => {
    for (const host of ["asiiko.ng", "asiiko.ng:3000", "www.asiiko.ng.", "127.0.0.1:8080", "[::1]:3000"]) {
      expect((await addressSeen(web.baseUrl, { host })).host).toBe(host);
    }
  });

  it("replaces a Host that is not a host name by localhost, instead of failing on it", async () => {
    for (const host of ["evil.example/path", "<script>", "a b", "asiiko.ng:port", "-leading.example", LONG_HOST]) {
      const seen = await addressSeen(web.baseUrl, { host });
      expect(seen.host, host).toBe("localhost");
      expect(seen.hostname, host).toBe("localhost");
    }
  });

  it("drops every forwarding header from a peer that is not a trusted proxy", async () => {
    const seen = await addressSeen(web.baseUrl, {
      host: "asiiko.ng",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
    });
    expect(seen).toMatchObject({
      host: "asiiko.ng",
      forwardedHost: null,
      forwardedProto: null,
      forwardedPort: null,
      hostname: "asiiko.ng",
      protocol: "http",
    });
  });
});

describe("sanitiseAddressHeaders, behind a trusted proxy", () => {
  let web: Awaited<ReturnType<typeof echoAddress>>;
  beforeAll(async () => {
    web = await echoAddress("loopback");
  });
  afterAll(() => web.close());

  it("keeps well-formed forwarding headers, a chain of them too", async () => {
    const seen = await addressSeen(web.baseUrl, {
      host: "internal:3000",
      "x-forwarded-host": "asiiko.ng, proxy.internal",
      "x-forwarded-proto": "https, http",
      "x-forwarded-port": "443, 80",
    });
    expect(seen).toMatchObject({
      forwardedHost: "asiiko.ng, proxy.internal",
      forwardedProto: "https, http",
      forwardedPort: "443, 80",
      hostname: "asiiko.ng",
      protocol: "https",
    });
  });

  it("drops a forwarding header with any malformed value, and only that one", async () => {
    const seen = await addressSeen(web.baseUrl, {
      host: "internal:3000",
      "x-forwarded-host": "asiiko.ng, evil.example/path",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
    });
    expect(seen).toMatchObject({ forwardedHost: null, forwardedProto: "https", forwardedPort: "443" });
    expect(seen.hostname).toBe("internal");

    expect(
      await addressSeen(web.baseUrl, {
        host: "asiiko.ng",
        "x-forwarded-proto": "javascript",
        "x-forwarded-port": "80",
      }),
    ).toMatchObject({ forwardedProto: null, forwardedPort: "80", protocol: "http" });
    expect(await addressSeen(web.baseUrl, { host: "asiiko.ng", "x-forwarded-port": "443a" })).toMatchObject({
      forwardedPort: null,
    });
    expect(await addressSeen(web.baseUrl, { host: "asiiko.ng", "x-forwarded-host": LONG_HOST })).toMatchObject({
      forwardedHost: null,
      hostname: "asiiko.ng",
    });
  });
});
