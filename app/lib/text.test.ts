import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addressSearch,
  isoDateTime,
  isRecordId,
  isStorableText,
  optionalText,
  recordId,
  text,
  TEXT_MESSAGES,
  textChecked,
  textLength,
  toStorableText,
  truncateText,
  unstorableIndex,
} from "./text";

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
};

describe("unstorable characters", () => {
  it.each([
    ["plain text", "Amina Bello", -1],
    ["Yoruba with tone marks", "Adébáyọ̀", -1],
    ["a surrogate pair (emoji)", "maize 🌽", -1],
    ["NUL", "a\u0000b", 1],
    ["a lone high surrogate", "x\uD800", 1],
    ["a lone low surrogate", "\uDC00x", 0],
    ["a high surrogate followed by another high one", "\uD83C\uD83C\uDF3D", 0],
    ["a reversed pair", "\uDF3D\uD83C", 0],
  ])("%s", (_case, value, index) => {
    expect(unstorableIndex(value)).toBe(index);
    expect(isStorableText(value)).toBe(index === -1);
  });

  it("replaces NUL and lone surrogates with U+FFFD, keeping pairs and the length", () => {
    expect(toStorableText("a\u0000b\uD800c\uDC00🌽")).toBe("a\uFFFDb\uFFFDc\uFFFD🌽");
    expect(toStorableText("clean 🌽")).toBe("clean 🌽");
    const replaced = toStorableText("\uD83C\uD83C\uDF3D");
    expect(isStorableText(replaced)).toBe(true);
    expect(replaced).toBe("\uFFFD🌽");
  });

  it("counts characters as PostgreSQL does (code points) and cuts without splitting a pair", () => {
    expect(textLength("🌽🌽")).toBe(2);
    expect(textLength("i\u0307")).toBe(2);
    expect(truncateText("a🌽b", 2)).toBe("a🌽");
    expect(truncateText("🌽".repeat(60), 51)).toBe("🌽".repeat(51));
    expect(isStorableText(truncateText("🌽".repeat(60), 51))).toBe(true);
    expect(truncateText("short", 100)).toBe("short");
  });
});

describe("text()", () => {
  const name = text({ max: 10, min: 1, required: "field.required", tooLong: "field.tooLong" });

  it("refuses NUL and lone surrogates with the invalid-text message, and nothing else about them", () => {
    for (const value of ["a\u0000", "\u0000", "ok\uD800", "\uDFFF", " \u0000 "]) {
      const issues = issuesOf(name, value);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.message).toBe(TEXT_MESSAGES.invalid);
    }
  });

  it("normalises to NFC and trims before checking the length", () => {
    expect(name.parse("  e\u0301t\u00e9  ")).toBe("\u00e9t\u00e9");
    // Ten decomposed letters are twenty code points, but ten characters once composed.
    expect(name.parse("e\u0301".repeat(10))).toBe("\u00e9".repeat(10));
    expect(issuesOf(name, "e\u0301".repeat(11))[0]).toMatchObject({
      code: "too_big",
      maximum: 10,
      message: "field.tooLong",
    });
  });

  it("counts a surrogate pair as one character", () => {
    expect(name.parse("🌽".repeat(10))).toBe("🌽".repeat(10));
    expect(issuesOf(name, "🌽".repeat(11))[0]!.code).toBe("too_big");
  });

  it("checks the lower-cased length: a dotted capital I is two characters lower-cased", () => {
    const username = text({ max: 50, min: 3, lowerCase: true, tooLong: "username.length" });
    expect(username.parse("İ".repeat(25))).toBe("i\u0307".repeat(25));
    expect(issuesOf(username, "İ".repeat(50))[0]).toMatchObject({ code: "too_big", message: "username.length" });
    expect(username.parse("  AMINA ")).toBe("amina");
  });

  it("answers missing, not-a-string and empty with the required message (too_small of 1), short with tooShort", () => {
    const field = text({ max: 20, min: 3, required: "f.required", tooShort: "f.short" });
    expect(issuesOf(field, undefined)[0]).toMatchObject({ code: "invalid_type", message: "f.required" });
    expect(issuesOf(field, 42)[0]).toMatchObject({ code: "invalid_type", message: "f.required" });
    expect(issuesOf(field, "   ")[0]).toMatchObject({ code: "too_small", minimum: 1, message: "f.required" });
    expect(issuesOf(field, "ab")[0]).toMatchObject({ code: "too_small", minimum: 3, message: "f.short" });
  });

  it("keeps passwords as typed when asked: no trim, no normalising", () => {
    const password = text({ max: 128, min: 8, trim: false, normalize: false });
    expect(password.parse("  e\u0301secret  ")).toBe("  e\u0301secret  ");
    expect(issuesOf(password, "secret\u0000secret")[0]!.message).toBe(TEXT_MESSAGES.invalid);
  });

  it("replaces instead of refusing when asked, and is the same when parsed again", () => {
    const report = text({ max: 20, unstorable: "replace", trim: false, normalize: false });
    const once = report.parse("boom\u0000 \uD800");
    expect(once).toBe("boom\uFFFD \uFFFD");
    expect(report.parse(once)).toBe(once);
  });

  it("lets regex and refine chain on, seeing the normalised value", () => {
    const code = text({ max: 5 }).regex(/^[a-z]+$/, "code.format");
    expect(code.parse(" abc ")).toBe("abc");
    expect(issuesOf(code, "ab1")[0]!.message).toBe("code.format");
    expect(textChecked(code)).toBe(true);
    expect(textChecked(z.string())).toBe(false);
  });
});

describe("optionalText()", () => {
  const locality = optionalText(text({ max: 5 }));

  it("reads blank as none and null as null", () => {
    expect(locality.parse(undefined)).toBeUndefined();
    expect(locality.parse("")).toBeUndefined();
    expect(locality.parse("   ")).toBeUndefined();
    expect(locality.parse(null)).toBeNull();
    expect(locality.parse(" Jos ")).toBe("Jos");
  });

  it("still refuses unstorable text and long text", () => {
    expect(locality.safeParse("\u0000").success).toBe(false);
    expect(locality.safeParse(" \uD800 ").success).toBe(false);
    expect(locality.safeParse("Maiduguri").success).toBe(false);
  });
});

describe("recordId(), isoDateTime(), addressSearch()", () => {
  it("takes ids of letters, digits, _ and -", () => {
    expect(recordId().parse("cm3x9k2p0000abcd")).toBe("cm3x9k2p0000abcd");
    expect(recordId().parse("seed_product_maize")).toBe("seed_product_maize");
    for (const bad of ["", "a b", "../x", "id\u0000", "x".repeat(101), "ïd"])
      expect(recordId().safeParse(bad).success).toBe(false);
  });

  it("takes ISO date-times with a zone, and only real dates", () => {
    expect(isoDateTime().parse("2026-01-31T10:00:00.000Z")).toBe("2026-01-31T10:00:00.000Z");
    expect(isoDateTime().parse("2026-01-31T10:00:00+01:00")).toBe("2026-01-31T10:00:00+01:00");
    for (const bad of ["2026-02-31T10:00:00Z", "2026-01-31", "2026-01-31T25:00:00Z", "2026-01-31T10:00:00Z\u0000"]) {
      expect(isoDateTime().safeParse(bad).success).toBe(false);
    }
  });

  it("reads a page's search from its address, never failing", () => {
    const search = addressSearch(10);
    expect(search.parse("  maize ")).toBe("maize");
    expect(search.parse(undefined)).toBe("");
    expect(search.parse("maize\u0000")).toBe("");
    expect(search.parse("🌽".repeat(20))).toBe("🌽".repeat(10));
    expect(search.parse("x".repeat(30))).toBe("x".repeat(10));
  });
});

describe("isRecordId()", () => {
  it("tells ids from anything else", () => {
    expect(isRecordId("cm3x9k2p0000abcd")).toBe(true);
    for (const bad of [undefined, null, 42, "", "a\u0000b", "a b", "x".repeat(101)])
      expect(isRecordId(bad)).toBe(false);
  });
});
