import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../tests/support/local-server";
import { serveBuiltFiles } from "./static-files.server";

describe("serveBuiltFiles", () => {
  let clientDir: string;
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "asiiko-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "assets", "root-B4x9kQ.js"), "export const root = 1;");
    writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    // A file named like a page, and a folder: a page's address never reaches either.
    writeFileSync(path.join(clientDir, "marketplace"), "not the page");
    mkdirSync(path.join(clientDir, "images", "products"), { recursive: true });
    writeFileSync(path.join(clientDir, "images", "products", "cocoa.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const app = express();
    app.use(serveBuiltFiles(clientDir));
    app.use((_req, res) => {
      res.status(404).send("to Remix");
    });
    web = await listenLocally(app);
  });
  afterAll(async () => {
    await web.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("caches hashed assets for a year, as immutable", async () => {
    const response = await fetch(`${web.baseUrl}/assets/root-B4x9kQ.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("export const root = 1;");
  });

  it("caches other files for an hour, and has the service worker checked on every visit", async () => {
    const favicon = await fetch(`${web.baseUrl}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const worker = await fetch(`${web.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const photo = await fetch(`${web.baseUrl}/images/products/cocoa.svg`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("passes on what is not a file of the build", async () => {
    for (const path of ["/marketplace", "/orders", "/images", "/images/products", "/assets/missing.js", "/assets/"]) {
      const response = await fetch(`${web.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe("to Remix");
    }
  });
});
