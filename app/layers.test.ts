import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Imports run one way: routes -> components and modules -> lib and search/, and
// the configuration (env.server.ts) at the bottom. A file that imports upward
// makes the lower layer depend on the higher one (a component on a route, the
// search documents on a domain module), so a move in one breaks the other.
// Each rule below names the folder and what it may not import.

const ROOT = path.resolve(import.meta.dirname, "..");

const sources = execFileSync("git", ["ls-files", "app", "search", "workers"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx)$/.test(file) && !file.startsWith("app/generated/"));

/** What a file imports, as paths from the project's folder (`app/modules/farms/constants`). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("~/")) return [`app/${specifier.slice(2)}`];
    if (specifier.startsWith(".")) return [path.normalize(path.join(path.dirname(file), specifier))];
    return [];
  });
}

const RULES: { files: RegExp; mayNotImport: RegExp; why: string }[] = [
  { files: /^app\/components\//, mayNotImport: /^app\/routes\//, why: "a component never imports a route" },
  {
    files: /^app\/modules\//,
    mayNotImport: /^app\/(routes|components)\//,
    why: "a module knows nothing of pages",
  },
  {
    files: /^app\/lib\//,
    mayNotImport: /^app\/(routes|components|modules|server|jobs)\//,
    why: "app/lib is shared by every layer and rests on none",
  },
  {
    files: /^search\//,
    mayNotImport: /^app\/(routes|components|modules|server|jobs)\//,
    why: "search/ is data and pure functions below the modules",
  },
  {
    files: /^app\/env\.server\.ts$/,
    mayNotImport: /^app\/(routes|components|modules|server|jobs\/(?!names$))/,
    why: "the configuration is read by everything and reads nothing above it",
  },
];

describe("layers", () => {
  it("imports run downward only", () => {
    const upward: string[] = [];
    for (const file of sources.filter((each) => !/\.test\.tsx?$/.test(each))) {
      for (const rule of RULES.filter((each) => each.files.test(file))) {
        for (const target of importsOf(file).filter((each) => rule.mayNotImport.test(each))) {
          upward.push(`${file} imports ${target}: ${rule.why}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });
});
