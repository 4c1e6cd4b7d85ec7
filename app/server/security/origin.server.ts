// Refuses state-changing requests that a page of another site makes with the
// user's cookies (cross-site request forgery). Browsers say where a request
// comes from in Origin and Sec-Fetch-Site; tools that send neither (curl,
// server-to-server) carry no browser cookies and are let through.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Signed by their sender instead of coming from our pages. */
const EXEMPT_PREFIXES = ["/api/webhooks/"];

export function isCrossSiteMutation(input: {
  method: string;
  path: string;
  /** How the site was reached: `https` behind a trusted proxy that says so (X-Forwarded-Proto), else the connection's. */
  protocol: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (EXEMPT_PREFIXES.some((prefix) => input.path.startsWith(prefix))) return false;
  if (input.origin && input.origin !== "null") return !sameOrigin(input.origin, input.protocol, input.host);
  if (input.origin === "null") return true;
  return input.secFetchSite === "cross-site";
}

/** Scheme, host and port all match (`https://asiiko.ng` is not `http://asiiko.ng`, nor `https://asiiko.ng:8443`). */
function sameOrigin(origin: string, protocol: string, host: string | undefined) {
  if (!host) return false;
  try {
    return new URL(origin).origin === new URL(`${protocol}://${host}`).origin;
  } catch {
    return false;
  }
}
