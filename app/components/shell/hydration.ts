import { useMatches } from "@remix-run/react";
import type { PageTexts } from "~/locales/page-texts";

// Most pages run the app in the browser (React takes over the server's HTML).
// A page that needs none of it says so in its route's handle, and is sent
// with only the small script of static-page.ts: for the landing page that is
// about 3 KB instead of the ~190 KB of React, Remix and i18next a cheap phone
// would otherwise fetch, parse and run before the first tap.

export type PageHandle = {
  /** false, or a test of the route's data: the page works as plain HTML forms and links. */
  hydrate?: boolean | ((data: unknown) => boolean);
  /** The groups of texts only a few pages say that this page says: `pageTexts(mappingTexts)` (app/locales/page-texts.ts). */
  texts?: readonly PageTexts[];
};

/** The page texts the matched routes name in their handles. */
export function useMatchedPageTexts(): readonly PageTexts[] {
  return useMatches().flatMap((match) => (match.handle as PageHandle | undefined)?.texts ?? []);
}

/** Whether the page being rendered runs the app in the browser. */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  // In the browser the app is running already (a visitor who reaches '/' from a page of the app).
  if (typeof document !== "undefined") return true;
  return matches.every((match) => {
    const wanted = (match.handle as PageHandle | undefined)?.hydrate;
    return typeof wanted === "function" ? wanted(match.data) : wanted !== false;
  });
}
