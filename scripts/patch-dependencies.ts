// Run by `npm install` (postinstall), after the Prisma client is made: small changes to installed
// packages that the product's speed depends on, each applied only to the exact text it was
// written for (a newer version without that text is left as it is, and said so), and only once.
//
// @remix-run/router compiles a route's path into a regular expression every time it tries to
// match an address against it: each page's answer matches its address against the routes five or
// six times (the server's router, the static handler, React Router, the route manifest), so a
// marketplace page compiled hundreds of them: under load, 7-10% of the web process's CPU went to matching.
// A path's expression never changes: remembered once, it is compiled once per process. And on the
// server, where the route tree never changes once built (nothing there adds routes, as the
// browser does when it discovers them), a tree already matched keeps its ranked branches instead
// of flattening and sorting all the routes again (four in five of the matches are on such a tree).
//
// React 18.3's server renderer (react-dom/server for Node) encodes the page into 2 KB views; when
// a character of two to four UTF-8 bytes does not fit at a view's end, the encoder stops before
// it, and React sent the whole view, its unwritten last bytes (zeros) included: a page could
// carry U+0000 before "·" or "₦" wherever the streamed pieces happened to fall. React 19 sends
// only the bytes written; so does the installed copy once patched.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isEntryPoint } from "../app/server/entry-point";

const root = path.resolve(import.meta.dirname, "..");

export const PATCH_MARK = "/* compilePath remembered: scripts/patch-dependencies.ts */";
const ORIGINAL = "function compilePath(path, caseSensitive, end) {";

/** The router's source with compilePath remembering what it compiled, or null when the text is not there. */
export function rememberCompiledPaths(source: string): string | null {
  if (source.includes(PATCH_MARK)) return source;
  if (source.split(ORIGINAL).length !== 2) return null;
  const remembering = [
    PATCH_MARK,
    "const rememberedPaths = new Map();",
    "function compilePath(path, caseSensitive, end) {",
    '  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;',
    "  let compiled = rememberedPaths.get(key);",
    "  if (compiled === undefined) {",
    "    compiled = compilePathAnew(path, caseSensitive, end);",
    // Routes are few; a program making paths without end is bounded all the same.
    "    if (rememberedPaths.size < 5000) rememberedPaths.set(key, compiled);",
    "  }",
    "  return compiled;",
    "}",
    "function compilePathAnew(path, caseSensitive, end) {",
  ].join("\n");
  return source.replace(ORIGINAL, remembering);
}

export const BRANCHES_MARK = "/* branches remembered on the server: scripts/patch-dependencies.ts */";
const BRANCHES_ORIGINAL = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";

/** The router's source with matchRoutes keeping a route tree's ranked branches on the server, or null when the text is not there. */
export function rememberRankedBranches(source: string): string | null {
  if (source.includes(BRANCHES_MARK)) return source;
  if (source.split(BRANCHES_ORIGINAL).length !== 2) return null;
  const remembering = [
    `  ${BRANCHES_MARK}`,
    '  const onServer = typeof document === "undefined";',
    "  let branches = onServer ? rankedBranches.get(routes) : undefined;",
    "  if (branches === undefined) {",
    "    branches = flattenRoutes(routes);",
    "    rankRouteBranches(branches);",
    "    if (onServer) rankedBranches.set(routes, branches);",
    "  }",
    "",
  ].join("\n");
  return source
    .replace(BRANCHES_ORIGINAL, remembering)
    .replace("function matchRoutesImpl(", "const rankedBranches = new WeakMap();\nfunction matchRoutesImpl(");
}

export const ROUTER_FILES = ["router.cjs.js", "router.js"].map((file) =>
  path.join(root, "node_modules/@remix-run/router/dist", file),
);

export const WHOLE_VIEW_MARK = "/* only the bytes written: scripts/patch-dependencies.ts */";

/** Each of React's server builds: the text that sends a view whole, and the same sending only what was written. */
const WHOLE_VIEW_SENDS = [
  {
    file: "react-dom-server.node.production.min.js",
    original: "d<b.length&&(t(a,k),k=new Uint8Array(2048)",
    written: `d<b.length&&(t(a,k.subarray(0,l)${WHOLE_VIEW_MARK}),k=new Uint8Array(2048)`,
  },
  {
    file: "react-dom-server.node.development.js",
    original: "  if (read < stringChunk.length) {\n    writeToDestination(destination, currentView);\n",
    written: `  if (read < stringChunk.length) {\n    writeToDestination(destination, currentView.subarray(0, writtenBytes)${WHOLE_VIEW_MARK});\n`,
  },
] as const;

export const REACT_SERVER_FILES = WHOLE_VIEW_SENDS.map(({ file }) =>
  path.join(root, "node_modules/react-dom/cjs", file),
);

/** React's server renderer sending only the bytes a view holds, or null when the text is not there. */
export function sendOnlyWrittenBytes(source: string, build: "production" | "development"): string | null {
  if (source.includes(WHOLE_VIEW_MARK)) return source;
  const { original, written } = WHOLE_VIEW_SENDS[build === "production" ? 0 : 1];
  if (source.split(original).length !== 2) return null;
  return source.replace(original, written);
}

export function patchDependencies(log: (line: string) => void = console.log) {
  for (const file of ROUTER_FILES) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, "utf8");
    let patched = source;
    for (const [name, patch] of [
      ["compilePath", rememberCompiledPaths],
      ["matchRoutes' branches", rememberRankedBranches],
    ] as const) {
      const changed = patch(patched);
      if (changed === null) log(`[patch] ${path.relative(root, file)}: ${name} not found as expected; left as it is`);
      else patched = changed;
    }
    if (patched !== source) writeFileSync(file, patched);
  }
  REACT_SERVER_FILES.forEach((file, index) => {
    if (!existsSync(file)) return;
    const source = readFileSync(file, "utf8");
    const patched = sendOnlyWrittenBytes(source, index === 0 ? "production" : "development");
    if (patched === null)
      log(`[patch] ${path.relative(root, file)}: a view's sending not found as expected; left as it is`);
    else if (patched !== source) writeFileSync(file, patched);
  });
}

if (isEntryPoint(import.meta.url)) patchDependencies();
