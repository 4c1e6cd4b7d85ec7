import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { refuseUnroutedMethods } from "./unrouted-methods.server";

describe("refuseUnroutedMethods", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(refuseUnroutedMethods);
    app.all("*", (req, res) => {
      res.json({ reached: req.method });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("answers a method the product does not take 405 in the catalogue's JSON, naming the ones it takes", async () => {
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/api/health"],
      ["PROPFIND", "/api/farms"],
      ["M-SEARCH", "/marketplace?q=yam"],
      ["PURGE", "/assets/app.js"],
    ] as const) {
      const answer = await plainRequest(web.baseUrl, { method, path });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(answer.headers["cache-control"], method).toBe("no-store");
      expect(answer.headers["content-type"], method).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), method).toEqual({
        success: false,
        message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        error: {
          code: "SEC_MALICIOUS_REQUEST",
          message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        },
      });
    }
  });

  it("lets through the methods the product takes, and OPTIONS, which the routes answer", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const answer = await plainRequest(web.baseUrl, { method, path: "/api/farms" });
      expect(answer.status, method).toBe(200);
      expect(JSON.parse(answer.body), method).toEqual({ reached: method });
    }
    expect((await plainRequest(web.baseUrl, { method: "HEAD", path: "/" })).status).toBe(200);
  });
});
