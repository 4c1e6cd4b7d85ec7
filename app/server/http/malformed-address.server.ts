import type { RequestHandler } from "express";
import { apiErrorBody } from "./error-body";

/**
 * An address that does not decode (malformed percent-encoding) names nothing: it is answered
 * here, 400 in the catalogue's JSON under /api and plain text elsewhere, before static files
 * or Remix fail on it.
 */
export const answerMalformedAddresses: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    return next();
  } catch {
    res.status(400).setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.json(apiErrorBody("SEC_MALICIOUS_REQUEST", "The address is not valid."));
    } else {
      res.type("text/plain").send("The address is not valid.");
    }
  }
};
