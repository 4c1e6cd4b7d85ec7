import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LegalPage, LegalSection } from "~/components/legal/legal-page";
import type { PageHandle } from "~/components/shell/hydration";
import { legalFacts } from "~/modules/account-data/legal.server";
import { detectLanguage } from "~/server/i18n.server";
import { pageTexts } from "~/locales/page-texts";
import legalTexts from "~/locales/page-texts/legal";

// Public: the Terms of Service are for anyone, before they sign up too; they hold no one's data.
export async function loader({ request }: LoaderFunctionArgs) {
  const { operator, email, updated } = legalFacts();
  return { operator, email, updated, locale: detectLanguage(request) };
}

export const meta: MetaFunction = () => [{ title: "Terms of Service · Asiiko" }];

export const handle: PageHandle = { hydrate: false, texts: pageTexts(legalTexts) };

const SECTIONS = ["account", "market", "ai", "premium", "conduct", "liability", "changes"] as const;

export default function TermsPage() {
  const { operator, email, updated, locale } = useLoaderData<typeof loader>();
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
