import { useLocation, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "~/components/ui/button";
import { DisclosureMenu, menuItemClass } from "~/components/ui/disclosure-menu";
import { Icon } from "~/components/ui/icons";
import { isLanguage, LANGUAGES } from "~/lib/i18n";
import { applyTheme, rememberLanguage, type Theme } from "~/lib/preferences";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { useTheme } from "~/components/shell/use-theme";

// The language and theme controls. Each is a plain form that posts to
// /api/preferences, so they work on a page sent without the app (the landing
// page; static-page.ts adds the instant theme switch there). Where the app
// runs, the choice is made in place: no request, no reload.

/** The page's address, to come back to after a choice posted without the app. */
function useBackPath() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/** The theme as a labelled choice (Settings): two buttons, Light and Dark, the current one pressed. */
export function ThemeChoice({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const options: { value: Theme; icon: "sun" | "moon"; label: string }[] = [
    { value: "light", icon: "sun", label: t("pages.themeLight") },
    { value: "dark", icon: "moon", label: t("pages.themeDark") },
  ];
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="inline-flex rounded-xl border border-gray-200 p-1 dark:border-gray-700"
    >
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size="sm"
          variant={theme === option.value ? "default" : "ghost"}
          aria-pressed={theme === option.value}
          onClick={() => applyTheme(option.value)}
        >
          <Icon name={option.icon} className="h-4 w-4" />
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/** Light/dark switch: a class on <html>, remembered in local storage and a cookie. */
export function ThemeToggle() {
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
        event.preventDefault();
        applyTheme(next);
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

/** Language menu: the choice is remembered, and the page is rendered again in it. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const back = useBackPath();
  const revalidator = useRevalidator();
  const current = LANGUAGES.find((language) => language.code === i18n.language)?.code ?? LANGUAGES[0].code;
  return (
    <DisclosureMenu
      label={t("header.language")}
      triggerClassName={compact ? undefined : "w-auto px-3"}
      trigger={
        <>
          <Icon name="globe" />
          {compact ? null : <span className="uppercase">{current}</span>}
        </>
      }
    >
      <form
        method="post"
        action="/api/preferences"
        className="flex flex-col"
        {...{ [STATIC_HOOKS.languageForm]: "" }}
        onSubmit={(event) => {
          const chosen = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (!chosen || !isLanguage(chosen.value)) return;
          event.preventDefault();
          rememberLanguage(chosen.value);
          revalidator.revalidate();
        }}
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
            className={`${menuItemClass} aria-[current]:font-semibold`}
          >
            {t(`languages.${language.code}`)}
            {language.code === current ? <span aria-hidden="true">✓</span> : null}
          </button>
        ))}
      </form>
    </DisclosureMenu>
  );
}
