import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { onlyProcessedPhotos } from "./public-photos.server";

describe("onlyProcessedPhotos", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use("/uploads", onlyProcessedPhotos);
    app.use("/uploads", (req, res) => {
      res.json({ served: req.path });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("lets through the three processed WebP sizes", async () => {
    for (const width of [320, 800, 1600]) {
      const answer = await plainRequest(`${web.baseUrl}/uploads/abc_DEF-123/${width}.webp`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ served: `/abc_DEF-123/${width}.webp` });
    }
  });

  it("answers 404 for an original, another size or type, a folder, or an escape", async () => {
    for (const path of [
      "/uploads/abc/original.jpg",
      "/uploads/abc/original",
      "/uploads/abc/640.webp",
      "/uploads/abc/320.webp.html",
      "/uploads/abc/320.svg",
      "/uploads/abc/",
      "/uploads/",
      "/uploads/a.b/320.webp",
      "/uploads/abc/..%2f..%2f.env",
      `/uploads/${"a".repeat(65)}/320.webp`,
    ]) {
      const answer = await plainRequest(web.baseUrl, { path });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).toBe("Not found");
    }
  });
});
