import type { InitOptions } from "i18next";

// Interface languages. Texts are bundled with the app (app/locales/*.json),
// never fetched from elsewhere.
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "fr", name: "Français" },
  { code: "ha", name: "Hausa" },
  { code: "ig", name: "Igbo" },
  { code: "yo", name: "Yoruba" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

/** Local storage key and cookie name of the chosen language. */
export const LANGUAGE_STORAGE_KEY = "asiiko-lang";

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as string[]).includes(value);
}

/** The supported language for a tag such as "fr-FR" or "yo", if any. */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** Speech recognition: fr-FR for French, en-US for every other language. */
export function speechLanguage(language: LanguageCode) {
  return language === "fr" ? "fr-FR" : "en-US";
}

export const i18nConfig = {
  supportedLngs: LANGUAGE_CODES,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "translation",
  ns: ["translation"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;

/**
 * Client-side detection for a first visit (no cookie yet), in this order:
 * local storage, browser, html tag, path, subdomain.
 */
export function detectBrowserLanguage(env: {
  storage?: string | null;
  navigatorLanguages?: readonly string[];
  htmlLang?: string | null;
  pathname?: string;
  hostname?: string;
}): LanguageCode {
  const candidates = [
    env.storage,
    ...(env.navigatorLanguages ?? []),
    env.htmlLang,
    env.pathname?.split("/")[1],
    env.hostname?.split(".")[0],
  ];
  for (const candidate of candidates) {
    const match = matchLanguage(candidate);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
