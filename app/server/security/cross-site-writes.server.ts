import type { RequestHandler } from "express";
import { apiErrorBody } from "~/server/http/error-body";
import type { isCrossSiteMutation } from "./origin.server";

/**
 * Cross-site writes are refused before they reach any route. The rule is passed in: the web
 * server takes it from the Remix build (`serverRuntime`), so it holds no copy of the app's modules.
 */
export function refuseCrossSiteWrites(isCrossSite: typeof isCrossSiteMutation): RequestHandler {
  return (req, res, next) => {
    const cross = isCrossSite({
      method: req.method,
      path: req.path,
      // Express says https only when a trusted proxy does (TRUST_PROXY and X-Forwarded-Proto).
      protocol: req.protocol,
      host: req.headers.host,
      origin: req.headers.origin,
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (!cross) return next();
    res
      .status(403)
      .setHeader("Cache-Control", "no-store")
      .json(apiErrorBody("SEC_CSRF_VIOLATION", "Requests from other sites are not accepted."));
  };
}
