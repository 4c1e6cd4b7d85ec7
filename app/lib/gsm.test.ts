import { describe, expect, it } from "vitest";
import { gsmLength, isGsm, splitSms, toGsm } from "./gsm";

// Texts for basic phones in the GSM alphabet: what is in it stays, tone marks and hooked letters
// become plain letters, the naira sign 'N'; long texts split between words into numbered parts
// that each fit one message.

describe("toGsm", () => {
  it("keeps what the GSM alphabet has, French accents included", () => {
    const text = "Prix du maïs à Kano : 45 000 N, été; £5 @ 10% {ok}";
    expect(toGsm(text)).toBe("Prix du mais à Kano : 45 000 N, été; £5 @ 10% {ok}");
    expect(isGsm(toGsm(text))).toBe(true);
  });

  it("writes Yoruba, Igbo and Hausa in plain letters", () => {
    const plain = { plainLetters: true };
    expect(toGsm("Iye owó ọjà ní Ìbàdàn", plain)).toBe("Iye owo oja ni Ibadan");
    expect(toGsm("Ọnụahịa ahịa", plain)).toBe("Onuahia ahia");
    expect(toGsm("Farashin ƙasuwa: ɗan ɓera, ƴaƴa", plain)).toBe("Farashin kasuwa: dan bera, yaya");
    // A letter with a combining mark typed separately (decomposed) loses the mark too.
    expect(toGsm("o\u0323ja\u0300", plain)).toBe("oja");
    // Without plain letters, the ones the alphabet has stay (French needs them).
    expect(toGsm("ọjà")).toBe("ojà");
  });

  it("writes the naira sign, typographic quotes and dashes plainly, and anything else as ?", () => {
    expect(toGsm("₦45,000 – “Maize” … ok")).toBe('N45,000 - "Maize" ... ok');
    expect(toGsm("🌽 maize 中")).toBe("? maize ?");
    for (const text of ["₦", "ọ̀", "ƙ", "🌽", "“", "ç"]) expect(isGsm(toGsm(text))).toBe(true);
  });
});

describe("gsmLength", () => {
  it("counts an extension character as two", () => {
    expect(gsmLength("abc")).toBe(3);
    expect(gsmLength("€[]")).toBe(6);
  });
});

describe("splitSms", () => {
  it("leaves a text that fits one message alone", () => {
    const text = "a".repeat(160);
    expect(splitSms(text)).toEqual([text]);
  });

  it("splits a longer one between words into numbered parts, each within a message", () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
    const parts = splitSms(words.join(" "));
    expect(parts.length).toBe(3);
    parts.forEach((part, index) => {
      expect(part.startsWith(`${index + 1}/3 `)).toBe(true);
      expect(gsmLength(part)).toBeLessThanOrEqual(160);
    });
    // Nothing is lost or reordered.
    expect(parts.map((part) => part.replace(/^\d+\/\d+ /, "")).join(" ")).toBe(words.join(" "));
  });

  it("cuts a word longer than a message, and counts extension characters", () => {
    const parts = splitSms(`${"x".repeat(400)} €€€`);
    for (const part of parts) expect(gsmLength(part)).toBeLessThanOrEqual(160);
    expect(parts.map((part) => part.replace(/^\d+\/\d+ /, "")).join("")).toBe(`${"x".repeat(400)} €€€`);
  });
});
