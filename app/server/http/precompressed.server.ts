import { readdirSync } from "node:fs";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import express, { type RequestHandler } from "express";

// The build's hashed files (/assets) are compressed once, when they are built, as hard as the
// formats go (brotli at quality 11, gzip at level 9), and sent as they are: the web server no
// longer compresses the same file again for every first visit (the compression middleware's
// brotli, at quality 4, made React's chunk 85.6 KB; quality 11 makes it 73.8 KB). Brotli goes
// to every browser that asks for it (all current ones over HTTPS, and Chromium on 127.0.0.1),
// gzip to the rest.

/** The kinds of built file worth compressing ahead (text); photos and fonts are compressed already. */
const PRECOMPRESSIBLE = /\.(?:js|css|svg|json|txt|html)$/;
/** Below this, a compressed copy saves less than its headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The encodings kept beside each file, best first: the answer's Content-Encoding and the file's suffix. */
export const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;
type Precompressed = (typeof PRECOMPRESSED)[number];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` and `<file>.gz` beside every text file of `folder` (not its subfolders) worth it. */
export async function precompressFolder(folder: string) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const names = (await readdir(folder)).filter((name) => PRECOMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const bytes = await readFile(file);
      if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
      const [asBrotli, asGzip] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, asBrotli), writeFile(`${file}.gz`, asGzip)]);
      totals.files += 1;
      totals.bytes += bytes.length;
      totals.brotli += asBrotli.length;
      totals.gzip += asGzip.length;
    }),
  );
  return totals;
}

/** How much the browser wants `coding` (its q-value; 0: refused or not named), from Accept-Encoding. */
function quality(header: string, coding: string) {
  let wildcard: number | null = null;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
    if (name.trim() === coding) return weight;
    if (name.trim() === "*") wildcard = weight;
  }
  return wildcard ?? 0;
}

/** The kept copy to send for this Accept-Encoding: brotli where it is wanted at least as much as gzip. */
export function chooseEncoding(header: string | undefined): Precompressed | null {
  if (!header) return null;
  const [br, gz] = PRECOMPRESSED.map(({ encoding }) => quality(header, encoding)) as [number, number];
  if (br > 0 && br >= gz) return PRECOMPRESSED[0];
  return gz > 0 ? PRECOMPRESSED[1] : null;
}

/**
 * Sends the kept compressed copy of a file of `folder` (the build's /assets), when there is one
 * and the browser takes its encoding, with `cache` (the same caching as the plain file); anything
 * else goes on (to the plain file, compressed on the way or not). What copies there are is read
 * once, at start: the build does not change under a running server.
 */
export function servePrecompressed(folder: string, cache: { maxAge: string; immutable: boolean }): RequestHandler {
  let present: Set<string>;
  try {
    present = new Set(readdirSync(folder));
  } catch {
    present = new Set();
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!PRECOMPRESSIBLE.test(name) || name.includes("/") || !present.has(name)) return next();
    res.vary("Accept-Encoding");
    const chosen = chooseEncoding(req.headers["accept-encoding"]);
    if (!chosen || !present.has(name + chosen.suffix)) return next();
    // Typed exactly as the plain file would be (serve-static's own table).
    const type = express.static.mime.lookup(name);
    const charset = express.static.mime.charsets.lookup(type, "");
    res.setHeader("Content-Type", charset ? `${type}; charset=${charset}` : type);
    res.setHeader("Content-Encoding", chosen.encoding);
    res.sendFile(name + chosen.suffix, { root: folder, ...cache }, (error?: Error) => {
      if (!error || res.headersSent) return;
      // The copy could not be read (removed under the server): the plain file, as before.
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
