import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { STATIC_HOOKS } from "./static-hooks";
import { enhanceStaticPage, STATIC_PAGE_CONFIG, staticPageScript } from "./static-page";

describe("the static page's script", () => {
  it("stands alone: it compiles as a script and calls the enhancer with the configuration", () => {
    expect(() => new Function(staticPageScript())).not.toThrow();
    expect(staticPageScript().startsWith(`(${enhanceStaticPage.toString()})(`)).toBe(true);
    expect(staticPageScript()).toContain(JSON.stringify(STATIC_PAGE_CONFIG));
    expect(staticPageScript()).toContain(JSON.stringify(STATIC_HOOKS));
    expect(staticPageScript()).not.toMatch(/<\/script/i);
  });

  it("writes the same cookie as the app's controls", () => {
    expect(STATIC_PAGE_CONFIG.cookieTemplate).toBe("KEY=VALUE; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("stays small: a few kilobytes compressed where the app is ~190 KB", () => {
    expect(gzipSync(staticPageScript()).length).toBeLessThan(3 * 1024);
  });
});
