import type { RequestHandler } from "express";
import { apiErrorBody } from "~/server/http/error-body";

/**
 * An /api address with a dot segment, written or encoded (`/api/farms/F/plots/%2e%2e`): the
 * router would resolve it to another address (here, the farm itself, so a DELETE meant for a
 * plot would remove the farm) or out of the API. Browsers resolve dots before they send, so
 * only a hand-made request has them: it is answered for the address as written, which no route
 * has: 404 in the catalogue's JSON.
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

export const refuseDotSegmentsInApi: RequestHandler = (req, res, next) => {
  const rawPath = req.originalUrl.split("?")[0] ?? "";
  if (!rawPath.startsWith("/api/") || !DOT_SEGMENT.test(rawPath)) return next();
  res
    .status(404)
    .set("Cache-Control", "no-store")
    .json(apiErrorBody("DB_RECORD_NOT_FOUND", "There is no such address in the API."));
};
