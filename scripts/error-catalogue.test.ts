import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "~/server/errors/catalogue";

// The README's table of error codes is what API clients read: it must say what the catalogue
// (app/server/errors/catalogue.ts) answers, code for code, with the same status and meaning.

const root = path.join(import.meta.dirname, "..");

/** The rows of the table under `## Error codes`, as [code, status, meaning]. */
function readmeErrorCodes(readme: string): [string, number, string][] {
  const lines = readme.split("\n");
  const heading = lines.indexOf("## Error codes");
  expect(heading, "the README's '## Error codes' section").toBeGreaterThan(-1);
  const section = lines.slice(heading + 1);
  const end = section.findIndex((line) => line.startsWith("## "));
  const rows = (end === -1 ? section : section.slice(0, end)).filter((line) => line.startsWith("|"));
  expect(rows[0], "the table's header").toBe("| code | status | meaning |");
  return rows.slice(2).map((row) => {
    const cells = row
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    expect(cells, `a row of three cells: ${row}`).toHaveLength(3);
    const [code, status, meaning] = cells as [string, string, string];
    return [code.replace(/^`|`$/g, ""), Number(status), meaning];
  });
}

const catalogueRows = () =>
  Object.entries(ERROR_CATALOGUE).map(([code, entry]): [string, number, string] => [code, entry.status, entry.meaning]);

describe("the README's error codes", () => {
  it("are the catalogue's, each with its one status and meaning", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readmeErrorCodes(readme)).toEqual(catalogueRows());
  });

  it("would notice a status, a meaning or a code that differs", () => {
    const table = (rows: [string, number, string][]) =>
      [
        "## Error codes",
        "",
        "| code | status | meaning |",
        "|---|---|---|",
        ...rows.map(([c, s, m]) => `| \`${c}\` | ${s} | ${m} |`),
      ].join("\n");
    const rows = catalogueRows();
    const [first, ...rest] = rows;
    expect(readmeErrorCodes(table([[first![0], 418, first![2]], ...rest]))).not.toEqual(rows);
    expect(readmeErrorCodes(table([[first![0], first![1], "something else"], ...rest]))).not.toEqual(rows);
    expect(readmeErrorCodes(table(rest))).not.toEqual(rows);
  });

  it("are the specification's codes, each in the form its clients know", () => {
    for (const code of Object.keys(ERROR_CATALOGUE))
      expect(code).toMatch(/^(VLD|AUTH|AUTHZ|DB|FILE|AI|PAY|FARM|MKT|RATE|SYS|SEC)_[A-Z_]+$/);
  });
});
