import type { HeadersFunction } from "@remix-run/node";

/**
 * A page's document headers: its parents', plus the Retry-After that its
 * loader or action answered or threw (a 429), so a page refused for going too
 * fast says when to come back as an API answer does.
 */
export const passRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter =
    errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
