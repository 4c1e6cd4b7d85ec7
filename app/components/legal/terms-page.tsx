import { useTranslation } from "react-i18next";
import { LegalPage, LegalSection } from "~/components/legal/legal-page";
import type { LanguageCode } from "~/lib/i18n";
import type { legalFacts } from "~/modules/account-data/legal.server";

// The Terms of Service, section by section, with the operator's name and contact when configured.

export type TermsPageProps = Pick<ReturnType<typeof legalFacts>, "operator" | "email" | "updated"> & {
  locale: LanguageCode;
};

const SECTIONS = ["account", "market", "ai", "premium", "conduct", "liability", "changes"] as const;

export function TermsPage({ operator, email, updated, locale }: TermsPageProps) {
  const { t } = useTranslation();
  return (
    <LegalPage title={t("legal.terms.title")} updated={updated} locale={locale}>
      <p>{operator ? t("legal.terms.intro", { operator }) : t("legal.terms.introUnnamed")}</p>
      {SECTIONS.map((section) => (
        <LegalSection key={section} title={t(`legal.terms.${section}Title`)}>
          <p>{t(`legal.terms.${section}Text`, { email })}</p>
        </LegalSection>
      ))}
      <p>
        <a href="/privacy" className="text-brand-700 underline dark:text-brand-300">
          {t("legal.terms.privacyLink")}
        </a>
      </p>
    </LegalPage>
  );
}
