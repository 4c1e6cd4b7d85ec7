import { describe, expect, it } from "vitest";
import { isGsm } from "~/lib/gsm";
import { USSD_MAX_CHARS } from "./constants";
import { renderScreen, screenLength } from "./screens";

describe("USSD screens", () => {
  it("starts with the kind and joins lines, options and footer", () => {
    const text = renderScreen("CON", {
      lines: ["Asiiko:"],
      options: [
        { key: "1", label: "Market prices" },
        { key: "2", label: "Buy" },
      ],
      footer: "0. Menu",
    });
    expect(text).toBe("CON Asiiko:\n1. Market prices\n2. Buy\n0. Menu");
  });

  it("drops options from the end, never the footer, to stay within 182 characters", () => {
    const options = Array.from({ length: 12 }, (_, index) => ({
      key: String(index + 1),
      label: `A long product name number ${index + 1}`,
    }));
    const text = renderScreen("CON", { lines: ["Type a product, or choose:"], options, footer: "0. Menu" });
    expect(screenLength(text)).toBeLessThanOrEqual(USSD_MAX_CHARS);
    expect(text).toContain("1. A long product name number 1");
    expect(text.endsWith("\n0. Menu")).toBe(true);
    expect(text).not.toContain("12. A long");
  });

  it("cuts a line too long for the screen and keeps the first option", () => {
    const text = renderScreen("CON", { lines: ["word ".repeat(100)], options: [{ key: "1", label: "Yes" }] });
    expect(screenLength(text)).toBeLessThanOrEqual(USSD_MAX_CHARS);
    expect(text).toContain("...");
    expect(text.endsWith("\n1. Yes")).toBe(true);
  });

  it("writes Hausa and Yoruba in plain letters, naira as N, and only GSM characters", () => {
    const text = renderScreen(
      "END",
      { lines: ["Ƙwaƙƙwaran farashi: ₦28,000 — ọjà Ọ̀yọ́ “gidi”"] },
      { plainLetters: true },
    );
    expect(text).toBe('END Kwakkwaran farashi: N28,000 - oja Oyo "gidi"');
    expect(isGsm(text)).toBe(true);
  });

  it("counts an extension character as two", () => {
    const text = renderScreen("END", { lines: ["{".repeat(200)] });
    expect(screenLength(text)).toBeLessThanOrEqual(USSD_MAX_CHARS);
  });
});
