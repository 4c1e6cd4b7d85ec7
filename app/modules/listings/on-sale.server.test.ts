import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { availableSql, onSaleSql } from "./on-sale.server";

describe("onSaleSql", () => {
  it("is active, not hidden, and its seller not suspended, with the default aliases", () => {
    const sql = onSaleSql();
    expect(sql.text).toBe(`("l".status = 'active' AND "l"."hiddenAt" IS NULL AND "se"."suspendedAt" IS NULL)`);
    expect(sql.values).toEqual([]);
  });

  it("names the listing and the seller as the query does", () => {
    expect(onSaleSql("listing", "seller").text).toBe(
      `("listing".status = 'active' AND "listing"."hiddenAt" IS NULL AND "seller"."suspendedAt" IS NULL)`,
    );
  });

  it("keeps its place among a statement's values", () => {
    const sql = Prisma.sql`SELECT 1 FROM "Listing" l JOIN "User" s ON s.id = l."sellerId" WHERE l.id = ${"x1"} AND ${onSaleSql("l", "s")} AND l."priceNgn" <= ${500}`;
    expect(sql.text).toBe(
      `SELECT 1 FROM "Listing" l JOIN "User" s ON s.id = l."sellerId" WHERE l.id = $1 AND ("l".status = 'active' AND "l"."hiddenAt" IS NULL AND "s"."suspendedAt" IS NULL) AND l."priceNgn" <= $2`,
    );
    expect(sql.values).toEqual(["x1", 500]);
  });

  it("refuses an alias that is not an identifier (it is written into the SQL as is)", () => {
    expect(() => onSaleSql(`l" OR true --`)).toThrow("Not an SQL alias");
    expect(() => onSaleSql("l", "se; DROP TABLE")).toThrow("Not an SQL alias");
    expect(() => onSaleSql("")).toThrow("Not an SQL alias");
    expect(() => onSaleSql("1l")).toThrow("Not an SQL alias");
  });
});

describe("availableSql", () => {
  it("is the quantity less what accepted orders hold", () => {
    expect(availableSql().text).toBe(`("l".quantity - "l"."reservedQuantity")`);
    expect(availableSql("one").text).toBe(`("one".quantity - "one"."reservedQuantity")`);
    expect(availableSql().values).toEqual([]);
  });

  it("refuses an alias that is not an identifier", () => {
    expect(() => availableSql("l.quantity")).toThrow("Not an SQL alias");
  });
});
