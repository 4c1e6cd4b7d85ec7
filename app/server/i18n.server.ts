import { createInstance, type i18n, type TFunction } from "i18next";
import {
  DEFAULT_LANGUAGE,
  i18nConfig,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  matchLanguage,
  type LanguageCode,
} from "~/lib/i18n";
import { readCookie } from "~/lib/cookies";
import { loadResources } from "~/locales/resources";
import { isMessageKey, type Refusal } from "./refusal";
import { rememberTexts } from "./remembered-t.server";

// The server's side of language detection: the cookie the switcher sets, then
// the browser's Accept-Language, then English.

function fromCookieHeader(header: string | null): LanguageCode | undefined {
  const value = readCookie(header, LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : undefined;
}

function fromAcceptLanguage(header: string | null): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag ?? "", q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

export function detectLanguage(request: Request): LanguageCode {
  return (
    fromCookieHeader(request.headers.get("Cookie")) ??
    fromAcceptLanguage(request.headers.get("Accept-Language")) ??
    DEFAULT_LANGUAGE
  );
}

const instances = new Map<LanguageCode, Promise<i18n>>();

/**
 * The i18next instance of a language, with its texts loaded: made once per language and
 * process, then shared by every request in that language (nothing on the server changes an
 * instance's language or texts; making one per request cost more than rendering a page's words).
 */
export function createI18nInstance(language: LanguageCode): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = (async () => {
      const created = createInstance();
      await created.init({ ...i18nConfig, lng: language, resources: await loadResources(language) });
      rememberTexts(created);
      return created;
    })();
    // A failed start is not kept: the next request tries again.
    instance.catch(() => instances.delete(language));
    instances.set(language, instance);
  }
  return instance;
}

export async function getFixedT(requestOrLanguage: Request | LanguageCode): Promise<TFunction> {
  const language = typeof requestOrLanguage === "string" ? requestOrLanguage : detectLanguage(requestOrLanguage);
  return (await createI18nInstance(language)).t;
}

/** A refusal's message and each field's messages in the reader's language (translation keys become text; text stays). */
export async function translateRefusal(requestOrLanguage: Request | LanguageCode, refusal: Refusal) {
  const needsText =
    isMessageKey(refusal.message) || Object.values(refusal.fields ?? {}).some((list) => list.some(isMessageKey));
  if (!needsText) return { message: refusal.message, fields: refusal.fields };
  const t = await getFixedT(requestOrLanguage);
  const text = (value: string, params?: Record<string, string | number>) =>
    isMessageKey(value) ? t(value, params) : value;
  const fields = refusal.fields
    ? Object.fromEntries(
        Object.entries(refusal.fields).map(([field, list]) => [field, list.map((value) => text(value))]),
      )
    : undefined;
  return { message: text(refusal.message, refusal.params), fields };
}
