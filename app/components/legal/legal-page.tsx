import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Footer } from "~/components/shell/footer";
import { LanguageSwitcher, ThemeToggle } from "~/components/shell/preferences-controls";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";

// The frame of the Privacy Policy and the Terms: readable by anyone, signed in or not, as plain
// HTML on a phone (no app code), with the footer that links to both. The language and theme are
// chosen here as on the landing page (plain forms), so a policy opened from a shared link can be
// read in the reader's own language.

export function LegalPage({
  title,
  updated,
  locale,
  children,
}: {
  title: string;
  updated: string;
  locale: LanguageCode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <a href="/" className="flex shrink-0 items-center">
            <BrandMark size={28} className="text-lg" />
          </a>
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            {/* A long 'back' in some languages wraps onto two lines beside the logo, never squeezing it. */}
            <a
              href="/"
              className="mr-1 min-w-0 text-right text-sm leading-tight text-brand-700 underline dark:text-brand-300"
            >
              {t("legal.back")}
            </a>
            <LanguageSwitcher compact />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("legal.updated", { date: formatDate(updated, locale, "long") })}
        </p>
        <div className="mt-6 flex flex-col gap-6 leading-relaxed">{children}</div>
      </main>
      <Footer />
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
