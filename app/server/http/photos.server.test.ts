import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../../../tests/support/log-lines";
import { listenLocally } from "../../../tests/support/local-server";
import { onlyProcessedPhotos } from "~/server/security/public-photos.server";
import { servePhotosFromBucket, servePhotosFromDisk } from "./photos.server";

const WEBP = Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 fake photo bytes", "latin1");

describe("servePhotosFromDisk", () => {
  let uploadDir: string;
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), "asiiko-uploads-"));
    mkdirSync(path.join(uploadDir, "photo1"));
    writeFileSync(path.join(uploadDir, "photo1", "320.webp"), WEBP);
    writeFileSync(path.join(uploadDir, "photo1", "original.jpg"), "original with its metadata");
    const app = express();
    app.use("/uploads", onlyProcessedPhotos);
    app.use("/uploads", servePhotosFromDisk(uploadDir));
    app.use((_req, res) => {
      res.status(404).send("to Remix");
    });
    web = await listenLocally(app);
  });
  afterAll(async () => {
    await web.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it("serves a processed photo as WebP, cached for a week", async () => {
    const response = await fetch(`${web.baseUrl}/uploads/photo1/320.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP);
  });

  it("never serves the original beside it, nor a folder listing", async () => {
    expect((await fetch(`${web.baseUrl}/uploads/photo1/original.jpg`)).status).toBe(404);
    expect(await (await fetch(`${web.baseUrl}/uploads/photo1/`)).text()).toBe("Not found");
  });

  it("passes on a processed size that is not on disk", async () => {
    const response = await fetch(`${web.baseUrl}/uploads/photo1/800.webp`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("to Remix");
  });
});

describe("servePhotosFromBucket", () => {
  const log = recordingLogger();
  const asked: [string, number][] = [];
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.get(
      "/uploads/:id/:width.webp",
      servePhotosFromBucket(async (id, width) => {
        asked.push([id, width]);
        if (id === "unreachable") throw new Error("connect ECONNREFUSED bucket");
        return id === "photo1" ? WEBP : null;
      }, log.logger),
    );
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("answers the photo the bucket has, as WebP cached for a week", async () => {
    const response = await fetch(`${web.baseUrl}/uploads/photo1/800.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP);
    expect(asked).toContainEqual(["photo1", 800]);
  });

  it("answers 404 for a photo the bucket does not have", async () => {
    const response = await fetch(`${web.baseUrl}/uploads/gone/320.webp`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });

  it("answers a bucket out of reach 503 for a moment, never cached, and logs it", async () => {
    const response = await fetch(`${web.baseUrl}/uploads/unreachable/320.webp`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("Photo unavailable for a moment");
    const line = await log.lineWhere((entry) => entry.msg === "photo store unavailable");
    expect(line.level).toBe(40);
    expect(line).toHaveProperty("err.message", "connect ECONNREFUSED bucket");
  });
});
