import type { RequestHandler } from "express";
import { apiErrorBody } from "./error-body";

/**
 * The methods the product takes. Any other (TRACE, TRACK, PROPFIND, FOO...) names nothing here:
 * it is answered 405 in the catalogue's JSON, at any address, before a route or Remix sees it
 * (Remix's request cannot even be made for TRACE, and Express would answer its HTML error page).
 * OPTIONS goes on to the routes, which answer it 405 themselves, as they always have.
 */
export const PRODUCT_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const ROUTED = new Set<string>([...PRODUCT_METHODS, "OPTIONS"]);

export const ALLOWED_METHODS = PRODUCT_METHODS.join(", ");

export function unroutedMethodBody() {
  return apiErrorBody("SEC_MALICIOUS_REQUEST", `This server answers only: ${ALLOWED_METHODS}.`);
}

export const refuseUnroutedMethods: RequestHandler = (req, res, next) => {
  if (ROUTED.has(req.method)) return next();
  res.status(405).set({ Allow: ALLOWED_METHODS, "Cache-Control": "no-store" }).json(unroutedMethodBody());
};
