import { describe, expect, it } from "vitest";
import { z } from "zod";
import { commaList, emptyToUndefined, optionalNumber } from "./query-params";

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe("emptyToUndefined", () => {
  it("makes an empty or blank string no value and leaves the rest", () => {
    expect(emptyToUndefined("")).toBeUndefined();
    expect(emptyToUndefined("  ")).toBeUndefined();
    expect(emptyToUndefined(" 0 ")).toBe(" 0 ");
    expect(emptyToUndefined(0)).toBe(0);
  });
});

describe("commaList", () => {
  const sizes = commaList(["small", "large"] as const, "sizes.unknown");

  it("reads a comma list of known words, spaces and empty parts left out", () => {
    expect(sizes.parse("small")).toEqual(["small"]);
    expect(sizes.parse(" large , small,,")).toEqual(["large", "small"]);
  });

  it("is no value when empty or absent", () => {
    expect(sizes.parse(undefined)).toBeUndefined();
    expect(sizes.parse("")).toBeUndefined();
    expect(sizes.parse(" ")).toBeUndefined();
  });

  it("refuses an unknown word with its message", () => {
    expect(messages(sizes.safeParse("small,huge"))).toEqual(["sizes.unknown"]);
  });
});

describe("optionalNumber", () => {
  const latitude = z.number().min(-90, "lat.range").max(90, "lat.range");

  it("coerces a number and is no value when empty or absent", () => {
    expect(optionalNumber(latitude).parse(" 7.5 ")).toBe(7.5);
    expect(optionalNumber(latitude).parse("-90")).toBe(-90);
    expect(optionalNumber(latitude).parse("")).toBeUndefined();
    expect(optionalNumber(latitude).parse(undefined)).toBeUndefined();
  });

  it("refuses a number out of bounds with the schema's message", () => {
    expect(messages(optionalNumber(latitude).safeParse("91"))).toEqual(["lat.range"]);
    expect(messages(optionalNumber(latitude, "lat.invalid").safeParse("91"))).toEqual(["lat.range"]);
  });

  it("refuses what is no number with the message given, or zod's own without one", () => {
    for (const value of ["abc", "Infinity", "1e400"]) {
      expect(messages(optionalNumber(latitude, "lat.invalid").safeParse(value)), value).toEqual(["lat.invalid"]);
      expect(messages(optionalNumber(latitude).safeParse(value)), value).toEqual([
        expect.stringMatching(/^Invalid input: expected number/),
      ]);
    }
  });
});
