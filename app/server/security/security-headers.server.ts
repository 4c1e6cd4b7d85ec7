import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { tileOrigins } from "~/lib/map-tiles";

/**
 * What a page may load: its own scripts and the inline ones carrying this
 * response's nonce; styles of its own (React's style attributes are inline);
 * images of its own (data: ones too, which the build inlines for small
 * pictures, and blob: ones, which only the page's own scripts can make: a photo
 * kept on the phone until there is signal, shown before it is sent), of the hosts the operator allows photos from (`imageHosts`,
 * IMAGE_HOSTS) and of the map's tile servers (`tiles`, as configured), and no others, so no page makes
 * a reader's browser call a server nobody chose; nothing may frame it. The
 * operators' dashboard (bull-board) ships inline scripts of its own. In
 * development Vite's live reload needs inline scripts: only framing is refused.
 */
export function contentSecurityPolicy(
  nonce: string,
  path: string,
  mode: "development" | "production",
  imageHosts: readonly string[] = [],
  tiles: readonly string[] = tileOrigins(),
) {
  const common = ["base-uri 'self'", "object-src 'none'", "frame-ancestors 'none'"];
  if (mode === "development") return common.join("; ");
  if (path.startsWith("/admin/queues")) {
    return [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
      "font-src 'self' data: https://fonts.gstatic.com",
      "img-src 'self' data:",
      "connect-src 'self'",
      ...common,
    ].join("; ");
  }
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageHosts.map((host) => `https://${host}`), ...tiles].join(" "),
    "font-src 'self' data:",
    // The tile servers too: the service worker keeps a farm's tiles, and a farm kept offline is downloaded.
    ["connect-src 'self'", ...tiles].join(" "),
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    ...common,
  ].join("; ");
}

/**
 * Headers on every answer (pages, API, files): the policy above, no type sniffing, no framing, a
 * short referrer. The nonce is left in `res.locals.cspNonce` for the page's inline scripts.
 */
export function securityHeaders(
  mode: "development" | "production",
  imageHosts: readonly string[] = [],
  tiles: readonly string[] = tileOrigins(),
): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, req.path, mode, imageHosts, tiles));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  };
}
