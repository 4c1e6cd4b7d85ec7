import { useTranslation } from "react-i18next";
import { ReportedListingCard, SuspendedSellers, useModerationAnswers } from "~/components/moderation/moderation-panels";
import { PageHeader } from "~/components/shell/page-header";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import type { openReports, suspendedSellers } from "~/modules/moderation/moderation.server";
import type { openTradeReports } from "~/modules/moderation/trade-reports.server";
import { TradeReportsPanel } from "~/components/moderation/trade-reports-panel";
import { IgnoredPaymentsPanel } from "~/components/moderation/ignored-payments-panel";
import type { ignoredPaymentEvents } from "~/modules/payments/ignored-events.server";
import type { LanguageCode } from "~/lib/i18n";

// Moderation, beside the catalogue under Management: the open reports grouped by listing, the
// trade reports, the suspended sellers and the payments that granted nothing; everyone but an
// administrator is told the page is for administrators.

export type ModerationPageProps =
  | { isAdmin: false }
  | ({ isAdmin: true } & Awaited<ReturnType<typeof openReports>> & {
        suspended: Awaited<ReturnType<typeof suspendedSellers>>;
        trade: Awaited<ReturnType<typeof openTradeReports>>;
        payments: Awaited<ReturnType<typeof ignoredPaymentEvents>>;
        locale: LanguageCode;
      });

export function ModerationPage(loaderData: ModerationPageProps) {
  const { t } = useTranslation();
  useModerationAnswers();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title={t("moderation.title")} subtitle={t("moderation.subtitle")} />
      {!loaderData.isAdmin ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t("moderation.denied")}
        </div>
      ) : (
        <>
          <section aria-labelledby="open-reports-title" className="flex flex-col gap-3">
            <h2 id="open-reports-title" className="text-lg font-semibold">
              {t("moderation.reportedListings", { count: loaderData.total })}
            </h2>
            {loaderData.listings.length === 0 ? (
              <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                  <Icon name="check" className="h-6 w-6" />
                </span>
                <p className="text-gray-600 dark:text-gray-400">{t("moderation.empty")}</p>
              </Card>
            ) : (
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {loaderData.listings.map((group) => (
                  <li key={group.listing.id} className="flex min-w-0">
                    <ReportedListingCard group={group} locale={loaderData.locale} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <TradeReportsPanel
            reports={loaderData.trade.reports}
            total={loaderData.trade.total}
            locale={loaderData.locale}
          />
          <SuspendedSellers sellers={loaderData.suspended} locale={loaderData.locale} />
          <IgnoredPaymentsPanel
            events={loaderData.payments.events}
            total={loaderData.payments.total}
            locale={loaderData.locale}
          />
        </>
      )}
    </div>
  );
}
