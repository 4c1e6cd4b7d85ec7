import { newIp } from "./api-client";

// A browser without the page's script, for the pages' HTTP tests: plain form posts and page
// loads against the test server, each from its own address (so rate limits are the test's to
// choose), redirects left to the test to read.

export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export function pageClient(baseUrl: () => string) {
  const headersFor = (cookie?: string, extra: Record<string, string> = {}) => ({
    "X-Forwarded-For": newIp(),
    ...(cookie ? { Cookie: cookie } : {}),
    ...extra,
  });
  const answer = async (response: Response): Promise<PageAnswer> => ({
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  });
  return {
    /** A form posted as a browser posts it (urlencoded). */
    post: async (path: string, fields: Record<string, string>, cookie?: string) =>
      answer(
        await fetch(`${baseUrl()}${path}`, {
          method: "POST",
          headers: headersFor(cookie, { "Content-Type": "application/x-www-form-urlencoded" }),
          body: new URLSearchParams(fields),
          redirect: "manual",
        }),
      ),
    get: async (path: string, cookie?: string) =>
      answer(await fetch(`${baseUrl()}${path}`, { headers: headersFor(cookie), redirect: "manual" })),
  };
}
