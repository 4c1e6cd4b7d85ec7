import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { IgnoredPaymentEventDto } from "~/modules/payments/ignored-events.server";
import { SOLD_CURRENCY } from "~/modules/payments/payment-match";

// Payments that granted nothing, on the moderation page: each signed event whose amount, currency,
// plan or reference was not what Asiiko sold, with why, what it paid and what was expected.

/** An amount in kobo as the operator reads it: naira as everywhere, another currency by its code. */
function amount(kobo: number | null, currency: string | null) {
  if (kobo === null) return "—";
  const major = kobo / 100;
  return !currency || currency.toUpperCase() === SOLD_CURRENCY ? formatNaira(major) : `${major.toFixed(2)} ${currency}`;
}

function IgnoredPaymentCard({ event, locale }: { event: IgnoredPaymentEventDto; locale: LanguageCode }) {
  const { t } = useTranslation();
  const { facts } = event;
  return (
    <Card className="flex min-w-0 flex-1 flex-col gap-3 p-4" data-testid="ignored-payment">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
          {event.provider} · {event.type}
        </span>
        <span className="text-sm text-gray-600 dark:text-gray-400">{formatDate(event.receivedAt, locale)}</span>
      </div>
      <p className="text-sm font-semibold">{t(`moderation.ignoredReasons.${event.reason}`)}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("moderation.paid")}</dt>
          <dd className="font-medium">{amount(facts.amountKobo, facts.currency)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("moderation.expected")}</dt>
          <dd className="font-medium">{amount(facts.expectedKobo, SOLD_CURRENCY)}</dd>
        </div>
        {facts.plan || facts.expectedPlan ? (
          <div className="col-span-2">
            <dt className="text-gray-600 dark:text-gray-400">{t("moderation.plan")}</dt>
            <dd className="break-all font-mono text-xs">
              {facts.plan ?? "—"}
              {facts.expectedPlan ? ` ≠ ${facts.expectedPlan}` : ""}
            </dd>
          </div>
        ) : null}
        {facts.reference ? (
          <div className="col-span-2">
            <dt className="text-gray-600 dark:text-gray-400">{t("moderation.reference")}</dt>
            <dd className="break-all font-mono text-xs">{facts.reference}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

export function IgnoredPaymentsPanel({
  events,
  total,
  locale,
}: {
  events: IgnoredPaymentEventDto[];
  total: number;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ignored-payments-title" className="flex flex-col gap-3">
      <h2 id="ignored-payments-title" className="text-lg font-semibold">
        {t("moderation.ignoredPayments", { count: total })}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("moderation.ignoredPaymentsHint")}</p>
      {events.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">{t("moderation.ignoredPaymentsEmpty")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {events.map((event) => (
            <li key={event.id} className="flex min-w-0">
              <IgnoredPaymentCard event={event} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
