import { Link } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Stars } from "~/components/orders/stars";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { MODERATION_NOTE_MAX } from "~/modules/moderation/constants";
import type { TradeReportDto } from "~/modules/moderation/trade-reports.server";
import { useModerationFetcher } from "./moderation-panels";
import { Textarea } from "~/components/ui/textarea";

// Reports about trades on the moderation page: each dispute, reported message or reported review
// with its order, the two parties, what was reported and why, and the buttons its kind allows
// (a dispute: complete the order or cancel it; a message or a review: dismiss or hide).

function TradeReportCard({ report, locale }: { report: TradeReportDto; locale: LanguageCode }) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useModerationFetcher();
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("reportId") === report.id;
  return (
    <Card className="flex min-w-0 flex-1 flex-col gap-3 p-4" data-testid="trade-report">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-900 dark:text-red-50">
          {t(`moderation.tradeKinds.${report.kind}`)}
        </span>
        <span className="font-mono text-sm font-semibold">{report.order.reference}</span>
        <span className="text-sm text-gray-600 dark:text-gray-400">{formatDate(report.createdAt, locale)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("orders.buyer")}</dt>
          <dd className="font-medium">{report.order.buyer.name}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("orders.seller")}</dt>
          <dd className="font-medium">
            <Link to={`/sellers/${report.order.seller.id}`} className="underline">
              {report.order.seller.name}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("orders.totalLabel")}</dt>
          <dd className="font-medium">{formatNaira(report.order.totalNgn)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">{t("moderation.reportedBy")}</dt>
          <dd className="font-medium">{report.reporter}</dd>
        </div>
      </dl>
      <p className="text-sm">
        <span className="font-semibold">
          {t(
            report.kind === "dispute" ? `orders.disputeReasons.${report.reason}` : `reports.reasons.${report.reason}`,
            {
              defaultValue: report.reason,
            },
          )}
        </span>
        {report.note ? <span className="break-words"> · “{report.note}”</span> : null}
      </p>
      {report.content ? (
        <blockquote className="rounded-lg bg-gray-100 p-3 text-sm dark:bg-gray-800">
          {report.content.rating ? <Stars rating={report.content.rating} className="mb-1" /> : null}
          <p className="break-words">{report.content.text ?? ""}</p>
          <footer className="text-xs text-gray-600 dark:text-gray-400">{report.content.author}</footer>
        </blockquote>
      ) : null}
      <fetcher.Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="trade" />
        <input type="hidden" name="reportId" value={report.id} />
        <Field id={`${id}-note`} label={`${t("moderation.note")} (${t("common.optional")})`}>
          <Textarea id={`${id}-note`} name="note" rows={2} maxLength={MODERATION_NOTE_MAX} />
        </Field>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {report.actions.map((action) => (
            <Button
              key={action}
              type="submit"
              name="action"
              value={action}
              disabled={pending}
              variant={action === "dismiss" ? "outline" : "destructive"}
              className="h-auto min-h-11 whitespace-normal py-2 text-left"
              data-testid={`trade-${action}`}
            >
              {t(`moderation.apply.${action}`)}
            </Button>
          ))}
        </div>
      </fetcher.Form>
    </Card>
  );
}

export function TradeReportsPanel({
  reports,
  total,
  locale,
}: {
  reports: TradeReportDto[];
  total: number;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="trade-reports-title" className="flex flex-col gap-3">
      <h2 id="trade-reports-title" className="text-lg font-semibold">
        {t("moderation.tradeReports", { count: total })}
      </h2>
      {reports.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-400">{t("moderation.tradeEmpty")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {reports.map((report) => (
            <li key={report.id} className="flex min-w-0">
              <TradeReportCard report={report} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
