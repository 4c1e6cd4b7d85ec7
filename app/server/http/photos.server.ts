import express, { type RequestHandler } from "express";
import type { Logger } from "pino";

/** Processed photos kept on disk (UPLOAD_DIR), mounted on /uploads after onlyProcessedPhotos. */
export function servePhotosFromDisk(uploadDir: string) {
  return express.static(uploadDir, { maxAge: "7d", index: false });
}

/**
 * Processed photos kept in a bucket, answered through this server at the same addresses
 * (`/uploads/:id/:width.webp`), with the same headers and policy as from disk.
 */
export function servePhotosFromBucket(
  readPublicPhoto: (id: string, width: number) => Promise<Buffer | null>,
  logger: Pick<Logger, "warn">,
): RequestHandler<{ id: string; width: string }> {
  return async (req, res) => {
    try {
      const bytes = await readPublicPhoto(req.params.id ?? "", Number(req.params.width));
      if (!bytes) return res.status(404).type("text/plain").send("Not found");
      res.set("Cache-Control", "public, max-age=604800").type("image/webp").send(bytes);
    } catch (error) {
      // The bucket out of reach: a moment's outage, not a missing photo (which would be cached as gone).
      logger.warn({ err: error }, "photo store unavailable");
      res
        .status(503)
        .set({ "Retry-After": "5", "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Photo unavailable for a moment");
    }
  };
}
