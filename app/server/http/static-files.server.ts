import path from "node:path";
import express from "express";
import { servePrecompressed } from "./precompressed.server";

/** An address whose last part names a file (favicon.svg, sw.js): pages' addresses have none. */
const FILE_ADDRESS = /\.[^/]+$/;

/**
 * The browser's files of the production build (build/client): hashed names under /assets never
 * change, so they are cached for a year; other files for an hour, but the service worker is
 * checked for a new version on every visit (browsers cap this at 24 h anyway). A page's address
 * (/marketplace) goes on to Remix without a look at the disk, which every page paid before.
 */
export function serveBuiltFiles(clientDir: string) {
  const files = express.Router();
  const assets = path.join(clientDir, "assets");
  const forever = { immutable: true, maxAge: "1y" };
  // Compressed when built, where a copy was kept (app/server/http/precompressed.server.ts).
  files.use("/assets", servePrecompressed(assets, forever), express.static(assets, forever));
  const rootFiles = express.static(clientDir, {
    maxAge: "1h",
    setHeaders: (res, file) => {
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    },
  });
  files.use((req, res, next) => (FILE_ADDRESS.test(req.path) ? rootFiles(req, res, next) : next()));
  return files;
}
