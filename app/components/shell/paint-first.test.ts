import { describe, expect, it } from "vitest";
import { HELD_MODULE_PRELOAD, HELD_UNTIL_PAINT, RELEASE_AFTER_PAINT_SCRIPT } from "./paint-first";

describe("the script that releases what was held until the first paint", () => {
  it("does not say the words the server holds, which would hold its own release", () => {
    for (const [sent] of HELD_UNTIL_PAINT) expect(RELEASE_AFTER_PAINT_SCRIPT).not.toContain(sent);
    expect(RELEASE_AFTER_PAINT_SCRIPT).toContain(`link[${HELD_MODULE_PRELOAD}]`);
    expect(RELEASE_AFTER_PAINT_SCRIPT).toContain(`script[type="x-module"]`);
  });

  it("holds each thing under a name of the same shape that the browser ignores", () => {
    for (const [sent, held] of HELD_UNTIL_PAINT) {
      expect(held).not.toBe(sent);
      expect(held.replace('"x-', '"')).toBe(sent);
    }
  });

  it("is one plain statement a page can carry inline (no closing tag, no template literal left)", () => {
    expect(RELEASE_AFTER_PAINT_SCRIPT).not.toMatch(/<\/script/i);
    expect(RELEASE_AFTER_PAINT_SCRIPT).not.toContain("${");
    expect(() => new Function(RELEASE_AFTER_PAINT_SCRIPT)).not.toThrow();
  });
});
