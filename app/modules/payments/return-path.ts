import { sitePath } from "~/modules/auth/schemas";

// Where the browser comes back to after checkout: the page the upgrade started from, as a path of
// this site. An address on another origin (//evil.example, https://evil.example), a sign-in or API
// path, or checkout itself is never a place to return to: those fall back to Settings, where the
// plan is shown.

export const DEFAULT_CHECKOUT_RETURN = "/settings";

/** A safe same-origin path to come back to after checkout; Settings for anything else. */
export function checkoutReturnPath(requested: unknown): string {
  const path = typeof requested === "string" ? sitePath(requested) : null;
  if (path === null) return DEFAULT_CHECKOUT_RETURN;
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (/^\/(?:auth|api|checkout|logout)(?:[/.]|$)/.test(pathname)) return DEFAULT_CHECKOUT_RETURN;
  return path;
}

/** How a checkout went: paid; started but not confirmed yet (a transfer the bank has not confirmed); or left. */
export type CheckoutResult = "success" | "pending" | "cancelled";

/** The return path with how checkout went (`?checkout=success|pending|cancelled`), its other parameters and fragment kept. */
export function withCheckoutResult(returnPath: string, result: CheckoutResult): string {
  const url = new URL(checkoutReturnPath(returnPath), "http://asiiko.invalid");
  url.searchParams.set("checkout", result);
  return `${url.pathname}${url.search}${url.hash}`;
}
