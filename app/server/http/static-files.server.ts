import path from "node:path";
import express from "express";

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
  files.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  const rootFiles = express.static(clientDir, {
    maxAge: "1h",
    setHeaders: (res, file) => {
      if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
    },
  });
  files.use((req, res, next) => (FILE_ADDRESS.test(req.path) ? rootFiles(req, res, next) : next()));
  return files;
}
