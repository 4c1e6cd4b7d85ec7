import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { refuseCrossSiteWrites } from "./cross-site-writes.server";
import { isCrossSiteMutation } from "./origin.server";

describe("refuseCrossSiteWrites", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  const asked: Parameters<typeof isCrossSiteMutation>[0][] = [];
  beforeAll(async () => {
    const app = express();
    // This test plays the trusted proxy (loopback) when it says the site was reached over https.
    app.set("trust proxy", "loopback");
    app.use(
      refuseCrossSiteWrites((request) => {
        asked.push(request);
        return isCrossSiteMutation(request);
      }),
    );
    app.all("*", (_req, res) => {
      res.json({ reached: true });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("asks the rule with the request's method, path, scheme, Host, Origin and Sec-Fetch-Site", async () => {
    asked.length = 0;
    await plainRequest(web.baseUrl, {
      method: "POST",
      path: "/api/listings?draft=1",
      headers: {
        host: "asiiko.ng",
        origin: "https://asiiko.ng",
        "sec-fetch-site": "same-origin",
        "x-forwarded-proto": "https",
      },
    });
    expect(asked).toEqual([
      {
        method: "POST",
        path: "/api/listings",
        protocol: "https",
        host: "asiiko.ng",
        origin: "https://asiiko.ng",
        secFetchSite: "same-origin",
      },
    ]);
  });

  it("refuses a write from another site with 403 in the catalogue's JSON", async () => {
    const answer = await plainRequest(web.baseUrl, {
      method: "POST",
      path: "/api/listings",
      headers: { host: "asiiko.ng", origin: "https://evil.example" },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: "Requests from other sites are not accepted.",
      error: { code: "SEC_CSRF_VIOLATION", message: "Requests from other sites are not accepted." },
    });
  });

  it("lets through reads from anywhere and writes from our own pages", async () => {
    const read = await plainRequest(web.baseUrl, { path: "/", headers: { origin: "https://evil.example" } });
    expect(read.status).toBe(200);
    const write = await plainRequest(web.baseUrl, {
      method: "DELETE",
      path: "/api/listings/L1",
      headers: { host: "asiiko.ng", origin: "https://asiiko.ng", "x-forwarded-proto": "https" },
    });
    expect(write.status).toBe(200);
    const plain = await plainRequest(web.baseUrl, {
      method: "DELETE",
      path: "/api/listings/L1",
      headers: { host: "asiiko.ng", origin: "http://asiiko.ng" },
    });
    expect(plain.status).toBe(200);
  });

  it("refuses a write from an https page to the site reached over plain http, and from another port", async () => {
    for (const headers of [
      { host: "asiiko.ng", origin: "https://asiiko.ng" },
      { host: "asiiko.ng", origin: "http://asiiko.ng", "x-forwarded-proto": "https" },
      { host: "asiiko.ng", origin: "http://asiiko.ng:8080" },
    ]) {
      const answer = await plainRequest(web.baseUrl, { method: "POST", path: "/api/listings", headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: "SEC_CSRF_VIOLATION" } });
    }
  });
});
