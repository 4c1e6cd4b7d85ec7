import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { LANGUAGES, type LanguageCode } from "~/lib/i18n";
import { applyTheme, rememberLanguage, type Theme } from "~/lib/preferences";
import { useTheme } from "~/lib/use-theme";

/** Light/dark switch: a class on <html>, remembered in local storage and a cookie. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={next === "dark" ? t("header.themeToDark") : t("header.themeToLight")}
      data-theme-current={theme}
      onClick={() => applyTheme(next)}
    >
      <Icon name={theme === "dark" ? "sun" : "moon"} />
    </Button>
  );
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
    <div role="group" aria-labelledby={labelledBy} className="inline-flex rounded-xl border border-gray-200 p-1 dark:border-gray-700">
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

/** Language menu: the choice is remembered, and the page is rendered again in it. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = (LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0]).code;
  function choose(language: LanguageCode) {
    rememberLanguage(language);
    revalidator.revalidate();
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size={compact ? "icon" : "default"} aria-label={t("header.language")}>
          <Icon name="globe" />
          {compact ? null : <span className="uppercase">{current}</span>}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => choose(value as LanguageCode)}>
            {LANGUAGES.map((language) => (
              <DropdownMenu.RadioItem
                key={language.code}
                value={language.code}
                lang={language.code}
                className="flex min-h-10 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-gray-100 data-[state=checked]:font-semibold dark:data-[highlighted]:bg-gray-800"
              >
                {t(`languages.${language.code}`)}
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
