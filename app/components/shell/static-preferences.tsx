import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { LANGUAGES } from "~/lib/i18n";
import { applyTheme, type Theme } from "~/lib/preferences";
import { STATIC_HOOKS } from "~/lib/static-hooks";
import { useTheme } from "~/lib/use-theme";

// The language and theme controls of a page sent without the app (the landing
// page): plain forms that post to /api/preferences, which keeps the choice and
// sends the reader back here. static-page.ts switches the theme in place; if the
// app is running (a visitor who came back to '/' from a page of the app), React does.

function useBackPath() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** The language menu: a disclosure with one submit button per language. */
export function LanguageMenuForm() {
  const { t, i18n } = useTranslation();
  const back = useBackPath();
  const current = LANGUAGES.find((language) => language.code === i18n.language)?.code ?? LANGUAGES[0].code;
  return (
    <details className="relative" {...{ [STATIC_HOOKS.menu]: "" }}>
      <summary
        aria-label={t("header.language")}
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
      >
        <Icon name="globe" />
      </summary>
      <form
        method="post"
        action="/api/preferences"
        {...{ [STATIC_HOOKS.languageForm]: "" }}
        className="absolute right-0 z-50 mt-1.5 flex min-w-40 flex-col rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        <input type="hidden" name="back" value={back} />
        {LANGUAGES.map((language) => (
          <button
            key={language.code}
            type="submit"
            name="language"
            value={language.code}
            lang={language.code}
            aria-current={language.code === current ? "true" : undefined}
            className="flex min-h-10 items-center justify-between gap-3 rounded-lg px-3 text-left text-sm hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none aria-[current]:font-semibold dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800"
          >
            {t(`languages.${language.code}`)}
            {language.code === current ? <span aria-hidden="true">✓</span> : null}
          </button>
        ))}
      </form>
    </details>
  );
}

/** Light/dark switch as a form: without JavaScript the server keeps the choice and renders the page again. */
export function ThemeToggleForm() {
  const { t } = useTranslation();
  const back = useBackPath();
  const theme = useTheme();
  const next: Theme = theme === "dark" ? "light" : "dark";
  const labels = { "data-label-dark": t("header.themeToDark"), "data-label-light": t("header.themeToLight") };
  return (
    <form
      method="post"
      action="/api/preferences"
      {...{ [STATIC_HOOKS.themeForm]: "" }}
      onSubmit={(event) => {
        // Only when the app is running; a page sent without it has the static script for this.
        event.preventDefault();
        applyTheme(document.documentElement.classList.contains("dark") ? "light" : "dark");
      }}
    >
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        name="theme"
        value={next}
        aria-label={labels[`data-label-${next}`]}
        data-theme-current={theme}
        {...labels}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <Icon name={theme === "dark" ? "sun" : "moon"} />
      </button>
    </form>
  );
}
