import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../tests/support/local-server";
import { chooseEncoding, PRECOMPRESS_MIN_BYTES, precompressFolder, servePrecompressed } from "./precompressed.server";

/** A built chunk's worth of JavaScript: text that compresses, well over the minimum. */
const CHUNK = Array.from(
  { length: 400 },
  (_, index) => `export function card${index}(listing){return listing.price*${index}+"₦ "+listing.name}`,
).join("\n");

describe("chooseEncoding", () => {
  it("sends brotli to a browser that takes it, gzip to one that takes only gzip", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")?.encoding).toBe("br");
    expect(chooseEncoding("gzip, deflate")?.encoding).toBe("gzip");
    expect(chooseEncoding("BR")?.encoding).toBe("br");
  });

  it("follows the browser's weights, a refusal (q=0) and a wildcard", () => {
    expect(chooseEncoding("br;q=0, gzip")?.encoding).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.8, br;q=0.2")?.encoding).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.5")?.encoding).toBe("br");
    expect(chooseEncoding("*")?.encoding).toBe("br");
    expect(chooseEncoding("*;q=0, gzip")?.encoding).toBe("gzip");
    expect(chooseEncoding("br;q=nonsense, gzip")?.encoding).toBe("gzip");
  });

  it("sends neither where neither is taken", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("deflate, zstd")).toBeNull();
    expect(chooseEncoding("*;q=0")).toBeNull();
  });
});

describe("precompressFolder and servePrecompressed", () => {
  let folder: string;
  let web: Awaited<ReturnType<typeof listenLocally>>;
  let totals: Awaited<ReturnType<typeof precompressFolder>>;

  /** The answer's status, headers and bytes exactly as sent (fetch would decode them). */
  function raw(name: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${web.baseUrl}/assets/${name}`, { method, headers }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
        );
      });
      request.on("error", reject);
      request.end();
    });
  }

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "asiiko-precompressed-"));
    writeFileSync(path.join(folder, "context-B4x9kQ.js"), CHUNK);
    writeFileSync(path.join(folder, "tailwind-Q1w2e3.css"), `.card{color:red}\n`.repeat(200));
    writeFileSync(path.join(folder, "gone-Zz9.js"), CHUNK);
    writeFileSync(path.join(folder, "tiny-A1.js"), "export const a = 1;");
    writeFileSync(path.join(folder, "photo-A1.webp"), Buffer.alloc(4096, 7));
    totals = await precompressFolder(folder);
    const app = express();
    const forever = { immutable: true, maxAge: "1y" };
    app.use("/assets", servePrecompressed(folder, forever), express.static(folder, forever));
    app.use((_req, res) => {
      res.status(404).send("to Remix");
    });
    web = await listenLocally(app);
  });
  afterAll(async () => {
    await web.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("keeps a brotli and a gzip copy of each text file worth it, that decode to the file", () => {
    expect(totals.files).toBe(3);
    for (const name of ["context-B4x9kQ.js", "tailwind-Q1w2e3.css"]) {
      const plain = readFileSync(path.join(folder, name));
      expect(plain.length).toBeGreaterThan(PRECOMPRESS_MIN_BYTES);
      const brotli = readFileSync(path.join(folder, `${name}.br`));
      const gzip = readFileSync(path.join(folder, `${name}.gz`));
      expect(zlib.brotliDecompressSync(brotli).equals(plain)).toBe(true);
      expect(zlib.gunzipSync(gzip).equals(plain)).toBe(true);
      expect(brotli.length).toBeLessThan(gzip.length);
      expect(gzip.length).toBeLessThan(plain.length / 4);
    }
    // Too small to be worth it, and a photo (compressed already): no copies.
    for (const name of ["tiny-A1.js", "photo-A1.webp"]) {
      expect(existsSync(path.join(folder, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(folder, `${name}.gz`))).toBe(false);
    }
  });

  it("sends the brotli copy as it is, typed and cached as the file, to a browser that takes brotli", async () => {
    const answer = await raw("context-B4x9kQ.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    // Typed and cached as the plain file is.
    const plain = await raw("context-B4x9kQ.js");
    expect(answer.headers["content-type"]).toMatch(/^(application|text)\/javascript; charset=utf-8$/i);
    expect(answer.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["cache-control"]).toBe(plain.headers["cache-control"]);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.equals(readFileSync(path.join(folder, "context-B4x9kQ.js.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(CHUNK);
  });

  it("sends the gzip copy to a browser that takes only gzip, and the stylesheet as CSS", async () => {
    const answer = await raw("tailwind-Q1w2e3.css", { "Accept-Encoding": "gzip, deflate" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toMatch(/^text\/css; charset=utf-8$/i);
    expect(zlib.gunzipSync(answer.body).equals(readFileSync(path.join(folder, "tailwind-Q1w2e3.css")))).toBe(true);
  });

  it("sends the plain file where no encoding is taken, to a HEAD its headers only, and a small file plain", async () => {
    const plain = await raw("context-B4x9kQ.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(CHUNK);
    const head = await raw("context-B4x9kQ.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(readFileSync(path.join(folder, "context-B4x9kQ.js.br")).length);
    expect(head.body.length).toBe(0);
    const tiny = await raw("tiny-A1.js", { "Accept-Encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export const a = 1;");
  });

  it("falls back to the plain file when a copy has gone from the disk, and answers a missing file as before", async () => {
    unlinkSync(path.join(folder, "gone-Zz9.js.br"));
    const answer = await raw("gone-Zz9.js", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(CHUNK);
    const missing = await raw("never-built.js", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.body.toString()).toBe("to Remix");
  });
});
