import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { LANGUAGES, type LanguageCode } from "~/lib/i18n";
import { applyTheme, rememberLanguage, type Theme } from "~/lib/preferences";
import { useRootData } from "~/lib/use-root-data";

/** Light/dark switch: a class on <html>, remembered in local storage and a cookie. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const root = useRootData();
  const [theme, setTheme] = useState<Theme>(root?.theme ?? "light");
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={next === "dark" ? t("header.themeToDark") : t("header.themeToLight")}
      data-theme-current={theme}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={theme === "dark" ? "sun" : "moon"} />
    </Button>
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
