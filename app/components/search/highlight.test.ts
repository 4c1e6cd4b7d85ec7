import { describe, expect, it } from "vitest";
import { highlightParts, plainWord } from "./highlight";

describe("highlightParts", () => {
  it("marks the matched words and keeps the rest as it is", () => {
    expect(highlightParts("Cassava Tubers (50 kg)", ["cassava", "50"])).toEqual([
      { text: "Cassava", mark: true },
      { text: " ", mark: false },
      { text: "Tubers", mark: false },
      { text: " (", mark: false },
      { text: "50", mark: true },
      { text: " ", mark: false },
      { text: "kg", mark: false },
      { text: ")", mark: false },
    ]);
  });

  it("compares without case or accents, as the backend names the words", () => {
    expect(plainWord("Àgbàdo")).toBe("agbado");
    expect(highlightParts("Àgbàdo funfun", ["agbado"])[0]).toEqual({ text: "Àgbàdo", mark: true });
  });

  it("marks nothing when nothing matched", () => {
    expect(highlightParts("Guinea Corn", []).some((part) => part.mark)).toBe(false);
  });
});
