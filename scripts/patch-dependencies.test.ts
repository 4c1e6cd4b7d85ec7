import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PATCH_MARK, rememberCompiledPaths, ROUTER_FILES } from "./patch-dependencies";

// A router shaped like @remix-run/router's: compilePath counts its calls.
const router = `
let compiled = 0;
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) caseSensitive = false;
  if (end === void 0) end = true;
  compiled += 1;
  return [new RegExp("^" + path + (end ? "$" : ""), caseSensitive ? "" : "i"), []];
}
return { compilePath, count: () => compiled };`;

type Router = {
  compilePath: (path: string, caseSensitive?: boolean, end?: boolean) => [RegExp, []];
  count: () => number;
};
const load = (source: string) => new Function(source)() as Router;

describe("rememberCompiledPaths", () => {
  it("compiles a path once, and keeps case and end apart", () => {
    const patched = rememberCompiledPaths(router);
    expect(patched).not.toBeNull();
    const { compilePath, count } = load(patched!);
    const first = compilePath("/marketplace");
    expect(compilePath("/marketplace")).toBe(first);
    expect(compilePath("/marketplace", undefined, true)).toBe(first);
    expect(count()).toBe(1);
    expect(compilePath("/marketplace", true)[0].flags).toBe("");
    expect(compilePath("/marketplace", false, false)[0].test("/MARKETPLACE/x")).toBe(true);
    expect(first[0].test("/MARKETPLACE/x")).toBe(false);
    expect(count()).toBe(3);
  });

  it("changes a file once, and leaves a text it was not written for alone", () => {
    const patched = rememberCompiledPaths(router)!;
    expect(rememberCompiledPaths(patched)).toBe(patched);
    expect(patched.split(PATCH_MARK)).toHaveLength(2);
    expect(rememberCompiledPaths("function compilePath(pattern) {}")).toBeNull();
  });

  it("was applied to the installed router by npm install", () => {
    for (const file of ROUTER_FILES) expect(readFileSync(file, "utf8")).toContain(PATCH_MARK);
  });
});
