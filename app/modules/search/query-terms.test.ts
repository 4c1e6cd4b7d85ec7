import { describe, expect, it } from "vitest";
import { editDistance, matchedWords, queryTerms } from "./query-terms";

describe("queryTerms", () => {
  it("makes every word required and the last one a prefix", () => {
    const terms = queryTerms("  White MAIZ ");
    expect(terms.words).toEqual(["white", "maiz"]);
    expect(terms.tsquery).toBe("(white) & (maiz | maiz:*)");
    expect(terms.prefix).toBe("maiz");
  });

  it("lets nothing but letters and digits into the tsquery", () => {
    for (const text of ["' OR 1=1 --", "a & b | !c", "(((", "\\\\", "x:* <-> y", "ẹ̀gẹ́!"]) {
      const { tsquery } = queryTerms(text);
      if (tsquery === null) continue;
      expect(tsquery.replace(/\(|\)|&|\||:\*|<->|\s/g, ""), text).toMatch(/^[\p{L}\p{N}]*$/u);
    }
    expect(queryTerms("!!! ???").tsquery).toBeNull();
  });

  it("reads tone marks and accents as the plain letters people type", () => {
    expect(queryTerms("Ẹ̀gẹ́").words).toEqual(["ege"]);
    expect(queryTerms("Manioc Frais").words).toEqual(["manioc", "frais"]);
  });

  it("keeps at most eight words", () => {
    expect(queryTerms("a b c d e f g h i j").words).toHaveLength(8);
  });
});

describe("matchedWords", () => {
  it("marks the title's words the query matched: whole, by prefix, or by a typo when typos were used", () => {
    const terms = queryTerms("casava tub");
    expect(matchedWords("Cassava Tubers", terms, false)).toEqual(["tubers"]);
    expect(matchedWords("Cassava Tubers", terms, true)).toEqual(["cassava", "tubers"]);
  });
});

describe("editDistance", () => {
  it("counts the letters to change, capped", () => {
    expect(editDistance("casava", "cassava")).toBe(1);
    expect(editDistance("maize", "maize")).toBe(0);
    expect(editDistance("yam", "sorghum", 3)).toBe(4);
  });
});
