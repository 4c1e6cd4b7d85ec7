import { getEnv } from "~/env.server";

// When the cookies of signing in (the session's and the device's) are Secure: one rule for both.

const env = getEnv();

/** A production site whose address (PUBLIC_URL) is https sends its cookies over HTTPS only. */
export const secureEverywhere = env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") === true;

/**
 * A cookie set in answer to this request is Secure on such a site, and whenever the request
 * came over HTTPS: the Remix request's scheme is Express's, https only through a trusted proxy
 * (TRUST_PROXY) that says so in X-Forwarded-Proto.
 */
export function cookieSecurityFor(request: Request) {
  return { secure: secureEverywhere || new URL(request.url).protocol === "https:" };
}
