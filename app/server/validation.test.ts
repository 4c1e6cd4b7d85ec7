import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalText, text } from "~/lib/text";
import { listingQuerySchema } from "~/modules/listings/schemas";
import { Refusal } from "./refusal";
import { unstorablePath, validate, validateLeniently, validateValue } from "./validation";

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("unstorablePath", () => {
  it("finds NUL or a lone surrogate in strings, object keys and arrays, anywhere", () => {
    expect(unstorablePath({ a: "ok", b: ["fine", { c: "x\u0000" }] })).toEqual(["b", 1, "c"]);
    expect(unstorablePath({ ["k\uD800"]: 1 })).toEqual(["k\uD800"]);
    expect(unstorablePath("\uDC00")).toEqual([]);
    expect(unstorablePath({ a: "🌽", b: 1, c: null, d: new Date() })).toBeNull();
  });
});

describe("validate", () => {
  it("refuses with 400, a VLD code and the field's message", () => {
    const refusal = refusalOf(() => validate(z.object({ name: text({ max: 10 }) }), { name: "a\u0000" }));
    expect(refusal).toMatchObject({
      status: 400,
      code: "VLD_REQUIRED_FIELD",
      message: "errors.invalidText",
      fields: { name: ["errors.invalidText"] },
    });
  });

  it("refuses unstorable text even from a schema that forgot text()", () => {
    const careless = z.object({ note: z.string() });
    const refusal = refusalOf(() => validate(careless, { note: "x\u0000" }));
    expect(refusal).toMatchObject({
      status: 400,
      code: "VLD_REQUIRED_FIELD",
      fields: { note: ["errors.invalidText"] },
    });
  });
});

describe("validateValue", () => {
  it("answers the value, or a refusal without fields (shown on the whole form)", () => {
    expect(validateValue(optionalText(text({ max: 5 })), "")).toBeUndefined();
    const refusal = refusalOf(() => validateValue(text({ max: 5, tooLong: "x.tooLong" }), "toolong"));
    expect(refusal).toMatchObject({ status: 400, message: "x.tooLong" });
    expect(refusal.fields).toBeUndefined();
  });
});

describe("validateLeniently", () => {
  it("drops what does not validate and keeps the rest", () => {
    const query = validateLeniently(listingQuerySchema, {
      search: "yam\u0000",
      condition: "new",
      sort: "distance",
      limit: "20",
    });
    expect(query).toMatchObject({ condition: ["new"], sort: "newest", limit: 20 });
    expect(query.search).toBeUndefined();
  });

  it("answers the defaults when everything is wrong", () => {
    expect(validateLeniently(listingQuerySchema, { search: "\uD800", lat: "x", limit: "-1" })).toMatchObject({
      sort: "newest",
      limit: 50,
      offset: 0,
    });
  });
});
