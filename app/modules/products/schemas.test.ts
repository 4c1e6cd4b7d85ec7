import { describe, expect, it } from "vitest";
import { productFormSchema, productQuerySchema, productSchema } from "./schemas";

const valid = { name: "White Maize", categories: ["Grains & Cereals"] };
const fieldsOf = (input: unknown) =>
  productSchema.safeParse(input).error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("productSchema", () => {
  it("trims, normalises and keeps attributes of text, numbers and true/false", () => {
    const parsed = productSchema.parse({
      ...valid,
      name: "  Cafe\u0301 ",
      attributes: { " origin ": " Kano ", moisture: 12.5, organic: true },
    });
    expect(parsed.name).toBe("Café");
    expect(parsed.attributes).toEqual({ origin: "Kano", moisture: 12.5, organic: true });
  });

  it.each([
    ["name", { name: "Maize\u0000" }],
    ["name", { name: "Maize\uD800" }],
    ["description", { description: "Dry\u0000" }],
    ["images.0", { images: ["https://example.com/\uDC00.jpg"] }],
  ])("refuses NUL and lone surrogates in %s", (field, changes) => {
    expect(fieldsOf({ ...valid, ...changes })).toEqual([field]);
  });

  it("refuses NUL and lone surrogates in attribute names and values", () => {
    for (const attributes of [
      { "or\u0000igin": "Kano" },
      { "\uD800": "Kano" },
      { origin: "Ka\u0000no" },
      { origin: "\uDFFF" },
    ]) {
      expect(productSchema.safeParse({ ...valid, attributes }).success).toBe(false);
    }
  });

  it("bounds the attributes: at most 50 names of 1-60 characters, values of 500, no arrays or objects", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index]));
    expect(productSchema.safeParse({ ...valid, attributes: many }).success).toBe(false);
    expect(
      productSchema.safeParse({ ...valid, attributes: Object.fromEntries(Object.entries(many).slice(0, 50)) }).success,
    ).toBe(true);
    expect(productSchema.safeParse({ ...valid, attributes: { ["k".repeat(61)]: 1 } }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, attributes: { "  ": 1 } }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, attributes: { note: "x".repeat(501) } }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, attributes: { list: [1, 2] } }).success).toBe(false);
    expect(productSchema.safeParse({ ...valid, attributes: [1, 2] }).success).toBe(false);
    expect(
      productSchema.safeParse({ ...valid, attributes: JSON.parse('{"__proto__": {"admin": true}}') }).success,
    ).toBe(false);
  });

  it("answers the attributes' own message", () => {
    const result = productSchema.safeParse({ ...valid, attributes: { origin: "\u0000" } });
    expect(result.error!.issues[0]!.message).toMatch(/^errors\.invalidText$|^catalog\.errors\.attributes$/);
  });

  it("checks the name's length as stored: 200 characters, surrogate pairs counted once", () => {
    expect(productSchema.safeParse({ ...valid, name: "🌽".repeat(200) }).success).toBe(true);
    expect(fieldsOf({ ...valid, name: "🌽".repeat(201) })).toEqual(["name"]);
  });

  it("reads the form's fields the same way", () => {
    expect(productFormSchema.safeParse({ ...valid, name: "Ma\u0000ize", isActive: "on" }).success).toBe(false);
  });
});

describe("productQuerySchema", () => {
  it("refuses a search the database cannot take", () => {
    expect(productQuerySchema.safeParse({ search: "%00\u0000" }).success).toBe(false);
    expect(productQuerySchema.safeParse({ search: "\uD83C" }).success).toBe(false);
    expect(productQuerySchema.parse({ search: " maize " }).search).toBe("maize");
  });

  it("answers a page size or start that is no number, or out of range, with the catalogue's own words", () => {
    const messages = (query: Record<string, string>) =>
      productQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(messages({ limit: "abc" })).toEqual(["catalog.errors.limit"]);
    expect(messages({ limit: "101" })).toEqual(["catalog.errors.limit"]);
    expect(messages({ offset: "-1" })).toEqual(["catalog.errors.offset"]);
    expect(messages({ offset: "1.5" })).toEqual(["catalog.errors.offset"]);
    expect(productQuerySchema.parse({})).toMatchObject({ limit: 100, offset: 0 });
  });
});
