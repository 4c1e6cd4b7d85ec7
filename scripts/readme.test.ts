import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is read by people and by CI: its first lines are the two commands, and its table of
// where each feature lives names real files. The API's table (docs/api.md) is one table (a blank
// line inside a Markdown table ends it, and every row after it shows as loose text) naming every
// /api route the app has. The links of the README and docs/ lead to files that exist.

const root = path.join(import.meta.dirname, "..");
const lines = (file: string) => readFileSync(path.join(root, file), "utf8").split("\n");
const readme = lines("README.md");

function apiTable(): string[] {
  const api = lines("docs/api.md");
  const start = api.findIndex((line) => line.startsWith("| call | answer |"));
  expect(start, "the API table's header in docs/api.md").toBeGreaterThan(-1);
  const rows: string[] = [];
  let index = start;
  for (let line = api[index]; line?.startsWith("|"); line = api[++index]) rows.push(line);
  // What follows the table is prose, never a stray row cut off by a blank line.
  const next = api.slice(index).find((line) => line.trim() !== "");
  expect(next?.startsWith("|"), `a row after a blank line in the API table: ${next}`).toBe(false);
  return rows;
}

/** app/routes/api.market.listings.$id.ts -> /api/market/listings/{id} */
function routePath(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".");
  return "/" + segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment)).join("/");
}

describe("README", () => {
  it("starts with the command that runs the product and the one that tests it", () => {
    const commands = readme.filter((line) => line.trim().startsWith("npm install &&")).slice(0, 2);
    expect(commands.map((line) => line.replace(/\s*#.*$/, "").trim())).toEqual([
      "npm install && npm start",
      "npm install && npm test",
    ]);
    expect(readme.slice(0, 12).join("\n")).toContain("npm install && npm start");
  });

  it("lists every /api route in one unbroken table in docs/api.md", () => {
    const table = apiTable().join("\n");
    const routes = readdirSync(path.join(root, "app/routes"))
      .filter((file) => file.startsWith("api.") && !file.includes(".test.") && file !== "api.$.ts")
      .map(routePath);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((route) => !table.includes(route));
    expect(missing).toEqual([]);
  });

  it("names real files and folders in the table of where each feature lives", () => {
    const start = readme.findIndex((line) => line.startsWith("| feature | route files |"));
    expect(start, "the feature table's header").toBeGreaterThan(-1);
    const rows = readme
      .slice(start + 2)
      .filter((line, index, all) => all.slice(0, index + 1).every((each) => each.startsWith("|")));
    expect(rows.length).toBeGreaterThan(8);
    const routeFiles = readdirSync(path.join(root, "app/routes"));
    const missing: string[] = [];
    for (const row of rows) {
      const [, , routes = "", module = "", components = "", queues = ""] = row.split("|");
      const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      for (const name of names(routes)) {
        const pattern = new RegExp(`^${name.replace(/[.$]/g, "\\$&").replace("*", ".*")}$`);
        if (!routeFiles.some((file) => pattern.test(file))) missing.push(`app/routes/${name}`);
      }
      const [moduleName] = names(module);
      if (moduleName && !existsSync(path.join(root, "app/modules", moduleName)))
        missing.push(`app/modules/${moduleName}`);
      for (const name of names(components).filter((each) => !each.startsWith("app/"))) {
        if (!existsSync(path.join(root, "app/components", name))) missing.push(`app/components/${name}`);
      }
      for (const name of names(queues).filter((each) => each.startsWith("workers/"))) {
        if (!existsSync(path.join(root, name))) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** README.md and every Markdown file under docs/. */
function documents(): string[] {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file));
  return ["README.md", ...docs];
}

describe("the README and docs/", () => {
  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of documents()) {
      const text = readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [address = "", anchor] = target.split("#");
        const linked = address === "" ? path.join(root, file) : path.resolve(root, path.dirname(file), address);
        if (!existsSync(linked)) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (anchor === undefined) continue;
        const headings = readFileSync(linked, "utf8")
          .split("\n")
          .filter((line) => /^#{1,6} /.test(line))
          .map((line) => anchorOf(line.replace(/^#+ /, "")));
        if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(documents().length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });
});
