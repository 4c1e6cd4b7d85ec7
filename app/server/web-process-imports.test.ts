import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// server.ts takes the logger, database, Redis, queues and i18n from the Remix build
// (`serverRuntime`), so a web process holds one copy of them. This walks what server.ts imports
// of our own code (not `import type`, which leaves nothing at run time) and checks none of it is
// one of those modules, or leads to one.

const root = process.cwd();
const STATEFUL = [
  "app/entry.server.tsx",
  "app/server/db.server.ts",
  "app/server/health.server.ts",
  "app/server/i18n.server.ts",
  "app/server/lifecycle.server.ts",
  "app/server/logger.server.ts",
  "app/server/process.server.ts",
  "app/server/rate-limit.server.ts",
  "app/server/redis.server.ts",
  "app/server/singleton.server.ts",
  "app/jobs/enqueue.server.ts",
];
const STATEFUL_FOLDERS = ["app/modules/", "app/routes/", "workers/"];

const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;"]*?\sfrom\s+)?"([^"]+)"/gm;

function resolveLocal(specifier: string, from: string) {
  const base = specifier.startsWith("~/")
    ? path.join(root, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined; // a package
  return ["", ".ts", ".tsx", "/index.ts"]
    .map((ending) => base + ending)
    .find((file) => existsSync(file) && !file.endsWith("/"));
}

function ownImportsOf(entry: string) {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(VALUE_IMPORT)) {
      const target = specifier ? resolveLocal(specifier, file) : undefined;
      if (target) walk(target);
    }
  };
  walk(path.join(root, entry));
  return [...seen].map((file) => path.relative(root, file));
}

describe("the web server's own code", () => {
  const reached = ownImportsOf("server.ts");

  it("is the composition and its middlewares (the walk follows them)", () => {
    expect(reached).toContain("app/server/http/error-body.ts");
    expect(reached).toContain("app/server/security/address-headers.server.ts");
    expect(reached).toContain("app/env.server.ts");
  });

  it("imports none of the app's stateful modules: they come from the Remix build", () => {
    const stateful = reached.filter(
      (file) => STATEFUL.includes(file) || STATEFUL_FOLDERS.some((folder) => file.startsWith(folder)),
    );
    expect(stateful).toEqual([]);
  });
});
