import type { HeadersFunction } from "@remix-run/node";

/**
 * A page's document headers: its parents', plus the Retry-After that its
 * loader answered or threw (a 429), so a page refused for going too fast says
 * when to come back as an API answer does.
 */
export const passRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
