import { describe, expect, it } from "vitest";
import { HELD_MODULE_PRELOAD, MODULE_PRELOAD, RELEASE_PRELOADS_SCRIPT } from "./paint-first";

describe("the script that releases the held module preloads", () => {
  it("does not say the words the server holds, which would hold its own release", () => {
    expect(RELEASE_PRELOADS_SCRIPT).not.toContain(MODULE_PRELOAD);
    expect(RELEASE_PRELOADS_SCRIPT).toContain(`link[${HELD_MODULE_PRELOAD}]`);
  });

  it("is one plain statement a page can carry inline (no closing tag, no template literal left)", () => {
    expect(RELEASE_PRELOADS_SCRIPT).not.toMatch(/<\/script/i);
    expect(RELEASE_PRELOADS_SCRIPT).not.toContain("${");
    expect(() => new Function(RELEASE_PRELOADS_SCRIPT)).not.toThrow();
  });
});
