import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A listing's quantity, what orders hold of it ("reservedQuantity") and its status are written by
// the listings module alone (stock.server.ts for orders, listings.server.ts for the seller's own
// edits), so the rules that go with them (a listing at 0 is sold, a reservation only of what is on
// sale) live in one place. This test reads every source file of app/ and workers/ (not tests)
// and fails on a write of those columns from anywhere else: a raw UPDATE of "Listing" that sets
// one, a Prisma listing update that names one (or whose data it cannot read: a variable, a
// spread), or any Prisma listing create (a new listing has a quantity and a status).

const ROOT = path.resolve(import.meta.dirname, "../../..");

const OWNER = "app/modules/listings/";

/**
 * Allowed for now: the USSD menu's own listing code is being rewritten to call the listings
 * module; the rewrite removes this entry.
 */
const ALLOWED = ["app/modules/ussd/"];

const COLUMNS = /(?:^|[^\w"])"?(quantity|reservedQuantity|status)"?\s*[:=,}]/;

/** The text of the call's argument list, from its opening parenthesis to the one that closes it. */
function argumentsFrom(text: string, open: number) {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    if (text[at] === "(") depth += 1;
    else if (text[at] === ")" && --depth === 0) return text.slice(open + 1, at);
  }
  return text.slice(open + 1);
}

/** The object literal that follows `data:` in a call's arguments, or null when data is not one. */
function dataOf(args: string): string | null {
  const found = /\bdata\s*:\s*/.exec(args);
  if (!found) return null;
  const start = found.index + found[0].length;
  if (args[start] !== "{") return null;
  let depth = 0;
  for (let at = start; at < args.length; at += 1) {
    if (args[at] === "{") depth += 1;
    else if (args[at] === "}" && --depth === 0) return args.slice(start, at + 1);
  }
  return null;
}

/** Where a file's text writes a listing's quantity, reservation or status: one line each. */
function stockWrites(text: string): string[] {
  const writes: string[] = [];
  const line = (index: number) => text.slice(0, index).split("\n").length;
  for (const update of text.matchAll(/UPDATE\s+"Listing"/gi)) {
    const end = text.indexOf("`", update.index);
    const statement = text.slice(update.index, end === -1 ? undefined : end);
    const set = /\bSET\b([\s\S]*?)(?:\bFROM\b|\bWHERE\b|\bRETURNING\b|$)/i.exec(statement)?.[1] ?? "";
    if (/(?:^|[\s,.])"?(quantity|reservedQuantity|status)"?\s*=/.test(set))
      writes.push(`line ${line(update.index)}: UPDATE "Listing" SET ${set.trim().split("\n")[0]}`);
  }
  for (const call of text.matchAll(/\blisting\.(create\w*|update\w*|upsert)\s*\(/g)) {
    const args = argumentsFrom(text, call.index + call[0].length - 1);
    const data = dataOf(args);
    const writesColumns = call[1]!.startsWith("create") || data === null || data.includes("...") || COLUMNS.test(data);
    if (writesColumns) writes.push(`line ${line(call.index)}: listing.${call[1]}(...)`);
  }
  return writes;
}

describe("stock-owner: who writes a listing's stock and status", () => {
  it("finds the writes it is meant to find, and only those", () => {
    expect(
      stockWrites(`await tx.$executeRaw\`UPDATE "Listing" SET "reservedQuantity" = 0 WHERE id = \${id}\``),
    ).toHaveLength(1);
    expect(
      stockWrites('await tx.$executeRaw`UPDATE "Listing" l SET quantity = l.quantity - 1 FROM x WHERE l.id = y`'),
    ).toHaveLength(1);
    expect(stockWrites('prisma.listing.update({ where: { id }, data: { status: "sold" } })')).toHaveLength(1);
    expect(
      stockWrites("tx.listing.updateMany({ where: { id }, data: { quantity: 0, showPhone: false } })"),
    ).toHaveLength(1);
    expect(stockWrites("tx.listing.update({ where: { id }, data: { status } })")).toHaveLength(1);
    expect(stockWrites("tx.listing.update({ where: { id }, data: changes })")).toHaveLength(1);
    expect(stockWrites("tx.listing.update({ where: { id }, data: { ...changes } })")).toHaveLength(1);
    expect(stockWrites("tx.listing.create({ data: { title } })")).toHaveLength(1);
    // Hiding, showing a phone, or a condition on the status is not a write of these columns.
    expect(
      stockWrites('tx.listing.updateMany({ where: { sellerId, status: "active" }, data: { showPhone: false } })'),
    ).toEqual([]);
    expect(stockWrites('tx.listing.update({ where: { id }, data: { hiddenAt: at, hiddenCause: "reports" } })')).toEqual(
      [],
    );
    expect(stockWrites('tx.$executeRaw`UPDATE "Listing" SET "hiddenAt" = now() WHERE status = \'active\'`')).toEqual(
      [],
    );
    expect(stockWrites('tx.listing.findMany({ where: { status: "active" } })')).toEqual([]);
  });

  it("no file outside the listings module writes them", () => {
    const sources = execFileSync("git", ["ls-files", "app", "workers"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("app/generated/"))
      .filter((file) => !file.startsWith(OWNER) && !ALLOWED.some((allowed) => file.startsWith(allowed)));
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((file) =>
      stockWrites(readFileSync(path.join(ROOT, file), "utf8")).map((write) => `${file} ${write}`),
    );
    expect(found, "write a listing's stock or status through app/modules/listings (stock.server.ts)").toEqual([]);
  });
});
