import { useTranslation } from "react-i18next";
import { LegalPage, LegalSection } from "~/components/legal/legal-page";
import type { legalFacts } from "~/modules/account-data/legal.server";
import type { LanguageCode } from "~/lib/i18n";

// The Privacy Policy: what Asiiko keeps, why, for how long, who handles it, and how each right of
// the Nigeria Data Protection Act 2023 is used; the operator and the services come from the loader.

export type PrivacyPageProps = ReturnType<typeof legalFacts> & { locale: LanguageCode };

const DATA = [
  "account",
  "phone",
  "basicPhone",
  "listings",
  "saved",
  "orders",
  "notifications",
  "priceAlerts",
  "farms",
  "photos",
  "reports",
  "payments",
  "devices",
  "logs",
] as const;
const RIGHTS = ["rightAccess", "rightCorrect", "rightDelete", "rightObject", "rightComplain"] as const;

export function PrivacyPage({ operator, address, email, updated, processors, locale }: PrivacyPageProps) {
  const { t } = useTranslation();
  const p = (key: string, values?: Record<string, string>) => t(`legal.privacy.${key}`, values);
  const named = [
    ["processorPayments", processors.payments],
    ["processorAi", processors.ai],
    ["processorStorage", processors.storage],
    ["processorPlaces", processors.places],
  ] as const;
  return (
    <LegalPage title={p("title")} updated={updated} locale={locale}>
      <p>{operator ? p("intro", { operator }) : p("introUnnamed")}</p>
      <LegalSection title={p("controllerTitle")}>
        <p>{operator ? p("controllerText", { operator, email }) : p("controllerTextUnnamed", { email })}</p>
        {address ? <p>{p("address", { address })}</p> : null}
      </LegalSection>
      <LegalSection title={p("dataTitle")}>
        <dl className="flex flex-col gap-4" data-testid="privacy-data">
          {DATA.map((item) => (
            <div key={item} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
              <dt className="font-semibold">{p(`${item}.name`)}</dt>
              <dd className="mt-1">{p(`${item}.what`)}</dd>
              <dd className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                <span className="font-medium">{p("keep")}</span> {p(`${item}.keep`)}
              </dd>
            </div>
          ))}
        </dl>
      </LegalSection>
      <LegalSection title={p("processorsTitle")}>
        <p>{p("processorsText")}</p>
        <ul className="list-disc pl-6" data-testid="processors">
          {named.map(([key, names]) =>
            names.length > 0 ? <li key={key}>{p(key, { names: names.join(", ") })}</li> : null,
          )}
          <li>{p("processorSms")}</li>
        </ul>
        {named.every(([, names]) => names.length === 0) ? <p>{p("processorNone")}</p> : null}
        <p>{p("transfers")}</p>
      </LegalSection>
      <LegalSection title={p("rightsTitle")}>
        <p>{p("rightsText")}</p>
        <ul className="list-disc pl-6">
          {RIGHTS.map((right) => (
            <li key={right}>{p(right, { email })}</li>
          ))}
        </ul>
        <p>{p("contact", { email })}</p>
      </LegalSection>
      <LegalSection title={p("securityTitle")}>
        <p>{p("securityText")}</p>
      </LegalSection>
      <LegalSection title={p("childrenTitle")}>
        <p>{p("childrenText")}</p>
      </LegalSection>
      <p>
        <a href="/terms" className="text-brand-700 underline dark:text-brand-300">
          {t("legal.terms.title")}
        </a>
      </p>
    </LegalPage>
  );
}
