import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { createElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  BRANCHES_MARK,
  PATCH_MARK,
  rememberCompiledPaths,
  REACT_SERVER_FILES,
  rememberRankedBranches,
  ROUTER_FILES,
  sendOnlyWrittenBytes,
  WHOLE_VIEW_MARK,
} from "./patch-dependencies";

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
    for (const file of ROUTER_FILES) {
      const source = readFileSync(file, "utf8");
      expect(source).toContain(PATCH_MARK);
      expect(source).toContain(BRANCHES_MARK);
    }
  });
});

// matchRoutes shaped like the router's: flattenRoutes counts its calls; `document` is a parameter,
// so the same source runs as on the server (undefined) and as in a browser.
const matcher = `
let flattened = 0;
function flattenRoutes(routes) { flattened += 1; return routes.map((route) => ({ path: route.path })); }
function rankRouteBranches(branches) { branches.sort((a, b) => b.path.length - a.path.length); }
function matchRoutesImpl(routes, pathname) {
  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  return branches.find((branch) => pathname.startsWith(branch.path))?.path ?? null;
}
return { match: matchRoutesImpl, count: () => flattened };`;

type Matcher = { match: (routes: { path: string }[], pathname: string) => string | null; count: () => number };
const loadMatcher = (source: string, document: unknown) => new Function("document", source)(document) as Matcher;

describe("rememberRankedBranches", () => {
  const routes = [{ path: "/" }, { path: "/marketplace" }];

  it("on the server, ranks a route tree once and matches as before", () => {
    const { match, count } = loadMatcher(rememberRankedBranches(matcher)!, undefined);
    expect(match(routes, "/marketplace/x")).toBe("/marketplace");
    expect(match(routes, "/orders")).toBe("/");
    expect(count()).toBe(1);
    // Another tree (a page's own routes) is ranked for itself.
    expect(match([{ path: "/orders" }], "/orders")).toBe("/orders");
    expect(count()).toBe(2);
  });

  it("in a browser, where discovered routes are added to the tree, ranks it every time as before", () => {
    const { match, count } = loadMatcher(rememberRankedBranches(matcher)!, {});
    const growing = [{ path: "/" }];
    expect(match(growing, "/prices")).toBe("/");
    growing.push({ path: "/prices" });
    expect(match(growing, "/prices")).toBe("/prices");
    expect(count()).toBe(2);
  });

  it("changes a file once, and leaves a text it was not written for alone", () => {
    const patched = rememberRankedBranches(matcher)!;
    expect(rememberRankedBranches(patched)).toBe(patched);
    expect(rememberRankedBranches("function matchRoutesImpl() {}")).toBeNull();
  });
});

// React's Node renderer, each build as installed (and patched by npm install), rendering a page
// whose three-byte characters cross its 2 KB views at every offset.
describe("sendOnlyWrittenBytes", () => {
  const requireHere = createRequire(import.meta.url);
  const render = (server: typeof ReactDomServer, shift: number) =>
    new Promise<Buffer>((resolve, reject) => {
      const pieces: Buffer[] = [];
      const sink = new Writable({
        write(piece: Buffer, _encoding, done) {
          pieces.push(Buffer.from(piece));
          done();
        },
        final(done) {
          resolve(Buffer.concat(pieces));
          done();
        },
      });
      const texts = ["a".repeat(600 + shift), "b".repeat(600), "c".repeat(600), "₦·".repeat(100)];
      const page = createElement(
        "main",
        null,
        texts.map((text, index) => createElement("p", { key: index }, text)),
      );
      const { pipe } = server.renderToPipeableStream(page, { onAllReady: () => pipe(sink), onError: reject });
    });

  for (const [build, file] of [
    ["production", REACT_SERVER_FILES[0]!],
    ["development", REACT_SERVER_FILES[1]!],
  ] as const)
    it(`keeps every byte a character's in the ${build} build`, async () => {
      const server = requireHere(file) as typeof ReactDomServer;
      for (let shift = 0; shift < 6; shift += 1) {
        const bytes = await render(server, shift);
        expect(bytes.indexOf(0), `a NUL byte at shift ${shift}`).toBe(-1);
        expect(bytes.toString("utf8")).toContain("₦·".repeat(100));
      }
    });

  it("changes a file once, and leaves a text it was not written for alone", () => {
    const source = "x;d<b.length&&(t(a,k),k=new Uint8Array(2048),l=0);";
    const patched = sendOnlyWrittenBytes(source, "production")!;
    expect(patched).toContain("t(a,k.subarray(0,l)");
    expect(sendOnlyWrittenBytes(patched, "production")).toBe(patched);
    expect(sendOnlyWrittenBytes("d<b.length&&(t(a,k.subarray(0,l)),", "production")).toBeNull();
    for (const file of REACT_SERVER_FILES) expect(readFileSync(file, "utf8")).toContain(WHOLE_VIEW_MARK);
  });
});
