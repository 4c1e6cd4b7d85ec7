import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PremiumGate } from "~/components/premium/premium-prompt";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/currency";
import type { FeatureAccess } from "~/modules/premium/access";
import { replySucceeded } from "~/lib/page-reply";
import type { ListingReply, MarketInsight } from "./listing-types";
import { spendsTrial, useTrialConfirm } from "~/components/premium/trial-confirm";
import { Table, THead, TBody, TR, TH, TD } from "~/components/ui/table";

// Advanced listing analytics (a premium marketplace tool): the seller's
// prices against the market. Locked behind the premium prompt for others.
// Nothing here is invented: before a look the card shows no figures, and a
// look that would end the trial is confirmed first.

function InsightsTable({ rows }: { rows: MarketInsight[] }) {
  const { t } = useTranslation();
  const tone = {
    below: "text-sky-700 dark:text-sky-300",
    within: "text-brand-700 dark:text-brand-300",
    above: "text-earth-600 dark:text-earth-400",
  } as const;
  return (
    <div className="overflow-x-auto">
      <Table>
        <THead className="text-xs uppercase">
          <TR>
            <TH className="font-semibold">{t("premium.insights.product")}</TH>
            <TH className="font-semibold">{t("premium.insights.yourPrice")}</TH>
            <TH className="font-semibold">{t("premium.insights.market")}</TH>
            <TH className="font-semibold">{t("premium.insights.position")}</TH>
          </TR>
        </THead>
        <TBody className="divide-y divide-gray-100 dark:divide-gray-800">
          {rows.map((row) => (
            <TR key={row.productId}>
              <TD className="font-medium">{row.productName}</TD>
              <TD>{formatNaira(row.yourPriceNgn)}</TD>
              <TD>{row.market ? `${formatNaira(row.market.low)} – ${formatNaira(row.market.high)}` : "–"}</TD>
              <TD
                className={cn(
                  "py-2 font-semibold",
                  row.position ? tone[row.position] : "text-gray-600 dark:text-gray-400",
                )}
              >
                {row.position ? t(`premium.insights.${row.position}`) : t("premium.insights.notEnough")}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

/** The shape of the table with no figures in it: what the locked prompt blurs, and nothing a reader could take as data. */
function TablePlaceholder() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 py-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <span className="h-3 flex-[3] rounded bg-gray-200 dark:bg-gray-700" />
          <span className="h-3 flex-[2] rounded bg-gray-200 dark:bg-gray-700" />
          <span className="h-3 flex-[3] rounded bg-gray-200 dark:bg-gray-700" />
          <span className="h-3 flex-[2] rounded bg-gray-200 dark:bg-gray-700" />
        </div>
      ))}
    </div>
  );
}

export function MarketInsights({
  access,
  comparableListings,
}: {
  access: FeatureAccess | null;
  comparableListings: number;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ListingReply>();
  const answer = fetcher.data?.intent === "insights" ? fetcher.data : undefined;
  const rows = answer && replySucceeded(answer) ? (answer.data?.insights ?? []) : null;
  const trial = useTrialConfirm(access);
  const pending = fetcher.state !== "idle";
  const nothingToCompare = comparableListings === 0;
  // After the look that ended the trial, a second tap could only be refused.
  const spent = rows !== null && access !== null && !access.canAccess;
  const card = (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="sparkles" className="h-5 w-5 text-brand-600" />
            {t("premium.insights.title")}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("premium.insights.text")}</p>
        </div>
        {nothingToCompare || spent ? null : (
          <div className="flex flex-col gap-1 sm:items-end">
            <Button
              variant="outline"
              disabled={pending}
              onClick={() => trial.run(() => fetcher.submit({ intent: "insights" }, { method: "post" }))}
            >
              {pending ? t("premium.insights.loading") : t("premium.insights.show")}
            </Button>
            {rows === null && spendsTrial(access) ? (
              <p className="text-xs text-gray-600 dark:text-gray-400">{t("premium.insights.usesTrial")}</p>
            ) : null}
          </div>
        )}
      </div>
      {rows !== null && rows.length > 0 ? <InsightsTable rows={rows} /> : null}
      {(rows !== null && rows.length === 0) || (rows === null && nothingToCompare) ? (
        <p className="rounded-xl bg-gray-50 p-4 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {t("premium.insights.none")}
        </p>
      ) : null}
      {spent ? (
        <p className="text-sm font-medium text-earth-800 dark:text-earth-100">{t("premium.insights.trialUsed")}</p>
      ) : null}
      {answer?.refusal ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {answer.refusal.message}
        </p>
      ) : null}
      {trial.dialog}
    </Card>
  );
  return (
    <section aria-label={t("premium.insights.title")} className="mb-6">
      {/* A look just paid for stays on screen even though the trial it used is now over. */}
      {rows !== null ? (
        card
      ) : (
        <PremiumGate
          feature="premium_products"
          access={access}
          title={t("premium.listingsTitle")}
          text={t("premium.listingsText")}
          preview={
            <Card className="flex flex-col gap-3 p-5">
              <p className="text-lg font-semibold">{t("premium.insights.title")}</p>
              <TablePlaceholder />
            </Card>
          }
        >
          {card}
        </PremiumGate>
      )}
    </section>
  );
}
