import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { i18nConfig, LANGUAGE_CODES, type LanguageCode } from "~/lib/i18n";
import { englishWordsIn } from "../../tests/support/english-words";
import { loadResources } from "./resources";

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

/** The placeholders of a text, without their formats: '{{count, number}}' is 'count'. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();
const english = flatten(load("en"));

/**
 * Texts that are rightly the same as the English one: names (the brand, its assistant, the
 * plan, the languages as the switcher writes them, WhatsApp, SMS) and units. Nothing else
 * may be English left in place, however short.
 */
const SAME_EVERYWHERE = new Set([
  "brand.name",
  "brand.assistant",
  "nav.asiiko",
  "footer.linkAi",
  "premium.features.asiiko_ai",
  "auth.planTitle",
  "dashboard.planPremium",
  "premium.plan.premium",
  "contact.whatsapp",
  "contact.sms",
  // The demo banner's link to the basic phone: the network's own word, short enough for a 360 px phone.
  "demo.phone",
  "units.kg",
  "units.g",
  "units.ml",
  "search.radiusOption",
  "reviews.average",
  "reviews.stars",
  "mapping.area.hectares",
  "mapping.area.squareMetres",
]);
const sameEverywhere = (key: string) => SAME_EVERYWHERE.has(key) || key.startsWith("languages.");
// Words French spells as English does.
const SAME_IN_FRENCH = new Set([
  "nav.adminBadge",
  "nav.notifications",
  "pages.notificationsTitle",
  "toast.notifications",
  "toast.notification",
  "footer.linkBlog",
  "footer.contact",
  "auth.email",
  "premium.insights.position",
  "asiiko.context.livestock.label",
  "mapping.description",
  "mapping.tabs.satellite",
  "mapping.details.centre",
]);

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
      ([key, value]) => texts.get(key) === value && !sameEverywhere(key) && !(code === "fr" && SAME_IN_FRENCH.has(key)),
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

describe.each(["ha", "ig", "yo"] as const)("locale %s, word by word", (code) => {
  it("reads as its own language: no English words left inside a text", () => {
    const mixed = [...flatten(load(code))]
      .filter(([, value]) => englishWordsIn(value).length > 0)
      .map(([key, value]) => `${key}: ${value}`);
    expect(mixed).toEqual([]);
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
    expect(english.get("errors.componentText")).toBe(
      "This section encountered an error. Try refreshing the component.",
    );
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

describe("numbers in texts", () => {
  async function translator(language: LanguageCode) {
    const instance = i18next.createInstance();
    await instance.init({ ...i18nConfig, lng: language, resources: await loadResources(language) });
    return instance.t;
  }

  it("are written the reader's way: grouped, with the language's decimal mark", async () => {
    expect((await translator("en"))("marketplace.count", { count: 12345 })).toBe("12,345 products found");
    expect((await translator("fr"))("marketplace.count", { count: 12345 })).toBe("12\u202f345 produits trouvés");
    expect((await translator("fr"))("marketplace.kmAway", { km: 2.5 })).toBe("À 2,5 km");
    expect((await translator("yo"))("search.count", { count: 1500 })).toContain("1,500");
    expect((await translator("ha"))("marketplace.qty", { quantity: 1250.5 })).toContain("1,250.5");
  });

  it("counts go through the number format in every language", () => {
    for (const code of LANGUAGE_CODES) {
      const bare = [...flatten(load(code))]
        .filter(([, value]) => /\{\{\s*(count|km|quantity|percent)\s*\}\}/.test(value))
        .map(([key]) => key);
      expect(bare, code).toEqual([]);
    }
  });
});
