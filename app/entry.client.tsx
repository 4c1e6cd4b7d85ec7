import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "~/lib/i18n";
import { attachPageTexts } from "~/locales/page-texts";
import { loadResources } from "~/locales/resources";
import { registerServiceWorker } from "~/sw/registration";

async function hydrate() {
  // The server chose the language (html lang); hydrate with the same texts.
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: language, resources: await loadResources(language) });
  // The texts only this page says, which its route modules began loading (app/locales/page-texts.ts).
  await attachPageTexts(i18next);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate().then(registerServiceWorker);
