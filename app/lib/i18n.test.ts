import { describe, expect, it } from "vitest";
import { detectBrowserLanguage, isLanguage, matchLanguage, speechLanguage } from "./i18n";

describe("languages", () => {
  it("match tags to the five supported languages", () => {
    expect(matchLanguage("fr-FR")).toBe("fr");
    expect(matchLanguage("YO")).toBe("yo");
    expect(matchLanguage("ha_NG")).toBe("ha");
    expect(matchLanguage("de-DE")).toBeUndefined();
    expect(matchLanguage(null)).toBeUndefined();
    expect(isLanguage("ig")).toBe(true);
    expect(isLanguage("igbo")).toBe(false);
  });

  it("detect in the order local storage, browser, html tag, path, subdomain; English otherwise", () => {
    const all = {
      storage: "ha",
      navigatorLanguages: ["fr-FR"],
      htmlLang: "ig",
      pathname: "/yo/x",
      hostname: "fr.asiiko.ng",
    };
    expect(detectBrowserLanguage(all)).toBe("ha");
    expect(detectBrowserLanguage({ ...all, storage: null })).toBe("fr");
    expect(detectBrowserLanguage({ ...all, storage: null, navigatorLanguages: ["de-DE"] })).toBe("ig");
    expect(detectBrowserLanguage({ pathname: "/yo/market", hostname: "asiiko.ng" })).toBe("yo");
    expect(detectBrowserLanguage({ hostname: "ha.asiiko.ng" })).toBe("ha");
    expect(detectBrowserLanguage({})).toBe("en");
  });

  it("use fr-FR speech recognition for French and en-US for the rest", () => {
    expect(speechLanguage("fr")).toBe("fr-FR");
    expect(["en", "ha", "ig", "yo"].map((code) => speechLanguage(code as "en"))).toEqual([
      "en-US",
      "en-US",
      "en-US",
      "en-US",
    ]);
  });
});
