import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { refuseDotSegmentsInApi } from "./dot-segments.server";

describe("refuseDotSegmentsInApi", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(refuseDotSegmentsInApi);
    app.all("*", (req, res) => {
      res.json({ reached: req.path });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("answers an /api address with a dot segment, written or encoded, 404 in the catalogue's JSON", async () => {
    for (const path of [
      "/api/farms/F1/plots/%2e%2e",
      "/api/farms/F1/plots/%2E%2e/",
      "/api/farms/F1/plots/..",
      "/api/farms/F1/./plots",
      "/api/%2e%2e/%2e%2e/etc/passwd",
      "/api/farms/F1/%2e",
      "/api/farms/F1/.%2E?x=1",
    ]) {
      const answer = await plainRequest(web.baseUrl, { method: "DELETE", path });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["cache-control"], path).toBe("no-store");
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), path).toEqual({
        success: false,
        message: "There is no such address in the API.",
        error: { code: "DB_RECORD_NOT_FOUND", message: "There is no such address in the API." },
      });
    }
  });

  it("lets through dots inside a segment, dots in the query, and addresses outside the API", async () => {
    for (const path of ["/api/files/photo.v2.webp", "/api/search?q=..", "/api/farms/...", "/assets/%2e%2e/x", "/"]) {
      const answer = await plainRequest(web.baseUrl, { path });
      expect(answer.status, path).toBe(200);
      expect(JSON.parse(answer.body), path).toHaveProperty("reached");
    }
  });
});
