import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n";

// Every text exists in every language, with the same placeholders, and is
// not English left untranslated (beyond the few words that stay the same).
type Tree = { [key: string]: string | Tree };

function load(code: string): Tree {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, `${code}.json`), "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(load("en"));
// Brand names, language names and loanwords that are the same in every language.
const SAME_EVERYWHERE = new Set(["brand.name", "brand.assistant", "nav.asiiko", "footer.linkAi", "auth.planTitle", "dashboard.planPremium"]);
// Words spelt the same in one language as in English.
const SAME_IN: Record<string, string[]> = { fr: ["nav.notifications", "pages.notificationsTitle", "toast.notifications"] };

describe.each(LANGUAGE_CODES.filter((code) => code !== "en"))("locale %s", (code) => {
  const texts = flatten(load(code));

  it("has every English key and no other", () => {
    const missing = [...english.keys()].filter((key) => !texts.has(key));
    const extra = [...texts.keys()].filter((key) => !english.has(key));
    expect(missing, `missing in ${code}`).toEqual([]);
    expect(extra, `unknown keys in ${code}`).toEqual([]);
  });

  it("keeps every placeholder and leaves no value empty", () => {
    for (const [key, value] of english) {
      const translated = texts.get(key) ?? "";
      expect(translated.trim(), `${code}:${key} is empty`).not.toBe("");
      expect(placeholders(translated), `${code}:${key}`).toEqual(placeholders(value));
    }
  });

  it("is translated, not English copied", () => {
    const copied = [...english].filter(
      ([key, value]) =>
        texts.get(key) === value && !SAME_EVERYWHERE.has(key) && !SAME_IN[code]?.includes(key) && !key.startsWith("languages.") && value.length > 12,
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

describe("locale en", () => {
  it("holds the specification's exact texts", () => {
    expect(english.get("notFound.title")).toBe("Page Not Found");
    expect(english.get("notFound.text")).toBe("The page you're looking for doesn't exist.");
    expect(english.get("header.searchPlaceholder")).toBe("Search products, medicines, services...");
    expect(english.get("nav.signingOut")).toBe("Signing out...");
    expect(english.get("footer.subscribing")).toBe("Subscribing...");
    expect(english.get("errors.componentTitle")).toBe("Component Error");
    expect(english.get("errors.componentText")).toBe("This section encountered an error. Try refreshing the component.");
    expect(english.get("pages.medicineComingSoon")).toBe("Traditional medicine hub interface coming soon...");
    expect(english.get("auth.loginFailed")).toBe("Login failed");
    expect(english.get("auth.registrationFailed")).toBe("Registration failed");
    expect(english.get("auth.logoutFailed")).toBe("Logout failed");
  });
});

describe("language names", () => {
  it("are written in every text as the language switcher writes them", () => {
    // The switcher's names (English, Français, Hausa, Igbo, Yoruba); no second spelling anywhere.
    const variants = /Yorùbá|Yorúbà|Ìgbò|Hausá|Francais/;
    for (const code of LANGUAGE_CODES) {
      const spelt = [...flatten(load(code))].filter(([, value]) => variants.test(value)).map(([key]) => key);
      expect(spelt, `${code}`).toEqual([]);
    }
  });
});
