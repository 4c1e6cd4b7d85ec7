import type { Resource } from "i18next";
import type { LanguageCode } from "~/lib/i18n";
import en from "./en.json";

// English is always in the bundle (it is the fallback); other languages are
// separate chunks of the build, loaded only by those who choose them.
export type Translation = typeof en;

const loaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: Translation }>> = {
  fr: () => import("./fr.json"),
  ha: () => import("./ha.json"),
  ig: () => import("./ig.json"),
  yo: () => import("./yo.json"),
};

export async function loadResources(language: LanguageCode): Promise<Resource> {
  const resources: Resource = { en: { translation: en } };
  if (language !== "en") resources[language] = { translation: (await loaders[language]()).default };
  return resources;
}
