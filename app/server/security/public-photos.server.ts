import type { RequestHandler } from "express";

const PROCESSED_PHOTO = /^\/[A-Za-z0-9_-]{1,64}\/(?:320|800|1600)\.webp$/;

/**
 * Mounted on /uploads: only the processed sizes are public, never an original (which still
 * carries the photo's metadata) nor any other file that may sit beside them.
 */
export const onlyProcessedPhotos: RequestHandler = (req, res, next) => {
  if (PROCESSED_PHOTO.test(req.path)) return next();
  res.status(404).type("text/plain").send("Not found");
};
