import type { i18n } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from "~/lib/i18n";
import type { PageTextGroup } from "./page-text-groups";

// Some groups of texts are said by a few pages only (the map's, the legal pages', the photo
// analysis'...): they are left out of the texts every page carries (vite.config.ts) and come with
// the pages that say them. A page names its groups in its route's handle
// (`handle: { texts: [mappingTexts] }`, each group a module of app/locales/page-texts/), so:
// - its route module, when the browser loads it, starts loading the groups (in the reader's
//   language and in English, the fallback), beside the page's data;
// - before the app takes over a page sent by the server, the client entry waits for them
//   (attachPageTexts), so the browser's first render says what the server's did;
// - on a visit by link, the root waits for them before showing the page (usePageTexts: it
//   suspends inside the navigation's transition, so the page before stays until they are there);
// - a change of language loads the groups of the pages seen so far first (loadPageTextsFor).
// The server has every text, always.

/** A group's files, one per language, as import.meta.glob names them ("../en.json", ...). */
export type TextLoaders = Record<string, () => Promise<unknown>>;

export interface PageTexts {
  group: PageTextGroup;
  loaders: TextLoaders;
}

const onServer = typeof document === "undefined";

/** The state of the browser's page texts: what is loaded, loading, and where it goes. */
export function createPageTextStore() {
  /** By `${language}/${group}`: the group's texts, loaded but not yet given to i18next. */
  const unattached = new Map<string, { language: LanguageCode; group: PageTextGroup; texts: unknown }>();
  const loading = new Map<string, Promise<void>>();
  /** Loaded (or failed: a page then says its texts' English names rather than wait for ever). */
  const settled = new Set<string>();
  /** Every group a page has asked for: a change of language loads them all. */
  const asked = new Map<PageTextGroup, PageTexts>();
  let instance: i18n | null = null;

  function give(language: LanguageCode, group: PageTextGroup, texts: unknown) {
    if (instance) instance.addResourceBundle(language, "translation", { [group]: texts }, true, true);
    else unattached.set(`${language}/${group}`, { language, group, texts });
  }

  function loadOne(language: LanguageCode, texts: PageTexts): Promise<void> | null {
    const key = `${language}/${texts.group}`;
    if (settled.has(key)) return null;
    const already = loading.get(key);
    if (already) return already;
    const load = texts.loaders[`../${language}.json`];
    if (!load) {
      settled.add(key);
      return null;
    }
    const promise = load().then(
      (loaded) => {
        give(language, texts.group, loaded);
        settled.add(key);
        loading.delete(key);
      },
      () => {
        settled.add(key);
        loading.delete(key);
      },
    );
    loading.set(key, promise);
    return promise;
  }

  /** Starts loading the groups in `language` and English; a promise while any is still on its way. */
  function request(groups: readonly PageTexts[], language: LanguageCode): Promise<void> | null {
    const waiting: Promise<void>[] = [];
    for (const texts of groups) {
      asked.set(texts.group, texts);
      for (const each of new Set<LanguageCode>([language, DEFAULT_LANGUAGE])) {
        const promise = loadOne(each, texts);
        if (promise) waiting.push(promise);
      }
    }
    return waiting.length > 0 ? Promise.all(waiting).then(() => undefined) : null;
  }

  return {
    request,
    /** i18next once initialised: what loaded before goes to it, what loads later goes straight there. */
    attach(target: i18n): Promise<void> {
      instance = target;
      for (const { language, group, texts } of unattached.values())
        target.addResourceBundle(language, "translation", { [group]: texts }, true, true);
      unattached.clear();
      return Promise.all(loading.values()).then(() => undefined);
    },
    /** Every group asked for so far, in `language` (before changing to it). */
    loadFor(language: LanguageCode): Promise<void> {
      return request([...asked.values()], language) ?? Promise.resolve();
    },
    /** The language the app says its texts in now. */
    language(): LanguageCode {
      const current = instance?.language ?? (onServer ? undefined : document.documentElement.lang);
      return isLanguage(current) ? current : DEFAULT_LANGUAGE;
    },
  };
}

const store = createPageTextStore();

/** A group of texts that comes with the pages saying it: `loaders` from import.meta.glob. */
export function definePageTexts(group: PageTextGroup, loaders: TextLoaders): PageTexts {
  return { group, loaders };
}

/** In a route's handle: `texts: pageTexts(mappingTexts)`. In the browser, starts loading them now. */
export function pageTexts(...groups: PageTexts[]): readonly PageTexts[] {
  if (!onServer) void store.request(groups, store.language());
  return groups;
}

/** The client entry, once i18next is initialised: resolves when every group asked for so far is there. */
export function attachPageTexts(instance: i18n): Promise<void> {
  return store.attach(instance);
}

/** Before changing the language: the groups of the pages seen so far, in the new language. */
export function loadPageTextsFor(language: LanguageCode): Promise<void> {
  return onServer ? Promise.resolve() : store.loadFor(language);
}

/** In a component: suspends (a thrown promise) until these groups are there; nothing on the server. */
export function usePageTexts(groups: readonly PageTexts[]) {
  if (onServer || groups.length === 0) return;
  const waiting = store.request(groups, store.language());
  // React's Suspense: rendering stops here and starts again once the texts are there.
  if (waiting) throw waiting;
}
