import { describe, expect, it } from "vitest";
import { signedInUser } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";
import { VIEWER_HEADER, VISITOR } from "./policy";

// What the server does for the service worker: the worker's script, the
// offline page it keeps, and the reader named on every answer.
const web = serveForTests();

describe("the service worker's script", () => {
  it("is served from the site's root, checked for a new version on every visit", async () => {
    const response = await fetch(`${web.baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const script = await response.text();
    expect(script).toContain("/offline");
    expect(script).toContain(VIEWER_HEADER);
    // A classic script (a worker registered without type: "module" cannot import).
    expect(script).not.toMatch(/^\s*import\s/m);
  });
});

describe("the offline page", () => {
  it("is plain HTML in the reader's language, with the offline banner", async () => {
    const html = await (await fetch(`${web.baseUrl}/offline`, { headers: { Cookie: "asiiko-lang=yo" } })).text();
    expect(html).toMatch(/<html lang="yo"/);
    expect(html).toContain("O kò sí lórí ayélujára");
    expect(html).not.toContain("__remixContext");
    expect(html).toMatch(/id="offline-banner" hidden/);
  });
});

describe("the reader named on every answer", () => {
  it("is 'visitor' without a session", async () => {
    const response = await fetch(`${web.baseUrl}/`);
    expect(response.headers.get(VIEWER_HEADER)).toBe(VISITOR);
  });

  it("is a digest of the session: the same for one session, another for the next, never the session itself", async () => {
    const first = await signedInUser("USER", "viewer");
    const second = await signedInUser("USER", "viewer");
    const named = async (cookie: string, path = "/marketplace") =>
      (await fetch(`${web.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).headers.get(
        VIEWER_HEADER,
      );
    const a = await named(first.cookie);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await named(first.cookie, "/api/market/listings")).toBe(a);
    expect(await named(`asiiko-theme=dark; ${first.cookie}`, "/marketplace.data")).toBe(a);
    expect(await named(second.cookie)).not.toBe(a);
    expect(first.cookie).not.toContain(a!);
  });
});
