import { createHash } from "node:crypto";

// API answers a reader may keep and ask about again: each carries an ETag, and the browser
// (or the service worker) asks with If-None-Match before using its copy; an unchanged answer
// is a 304 with no body, which on a slow, costly connection is most of the point. `private,
// no-cache`: stored only by the reader's own browser, and never used without asking.

export const REVALIDATE = "private, no-cache";

/** A weak validator of the body: two answers with the same bytes share it. */
export function entityTag(body: string) {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this tag (or is `*`); weak comparison, as RFC 9110 asks for GET. */
export function matchesTag(ifNoneMatch: string | null, tag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || opaque(candidate) === opaque(tag));
}

/** 200 with the JSON and its ETag, or 304 when the reader's copy is the same. */
export function revalidatedJson(request: Request, data: unknown, init: { headers?: Record<string, string> } = {}) {
  const body = JSON.stringify(data);
  const tag = entityTag(body);
  const headers = { "Cache-Control": REVALIDATE, ETag: tag, ...init.headers };
  if (matchesTag(request.headers.get("If-None-Match"), tag)) return new Response(null, { status: 304, headers });
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}
