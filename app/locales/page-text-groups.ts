// The groups of texts (top-level keys of app/locales/<language>.json) that only a few pages say:
// left out of the texts every page carries and loaded with those pages (page-texts.ts), each by a
// module of its own in app/locales/page-texts/. A page saying one names it in its route's handle;
// app/locales/page-texts.test.ts checks every page that could say one does.
export const PAGE_TEXT_GROUPS = [
  "mapping",
  "legal",
  "landing",
  "asiiko",
  "phoneSim",
  "accountData",
  "dashboard",
] as const;
export type PageTextGroup = (typeof PAGE_TEXT_GROUPS)[number];
