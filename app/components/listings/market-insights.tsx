import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PremiumGate } from "~/components/premium/premium-prompt";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/currency";
import type { FeatureAccess } from "~/modules/premium/access";
import type { ListingActionData, MarketInsight } from "./listing-types";

// Advanced listing analytics (a premium marketplace tool): the seller's
// prices against the market. Locked behind the premium prompt for others.

const EXAMPLE: MarketInsight[] = [
  { productId: "example-1", productName: "", unit: "bags", yourPriceNgn: 42000, market: { count: 6, low: 38000, median: 43500, high: 47000 }, position: "within" },
  { productId: "example-2", productName: "", unit: "kg", yourPriceNgn: 3900, market: { count: 4, low: 3000, median: 3300, high: 3600 }, position: "above" },
];

function InsightsTable({ rows, example = false }: { rows: MarketInsight[]; example?: boolean }) {
  const { t } = useTranslation();
  const tone = { below: "text-sky-700 dark:text-sky-300", within: "text-brand-700 dark:text-brand-300", above: "text-earth-600 dark:text-earth-400" } as const;
  return (
    <div className="overflow-x-auto">
      <table className={cn("w-full text-left text-sm", example && "opacity-70")}>
        <thead className="text-xs uppercase text-gray-500">
          <tr>
            <th className="py-2 pr-3 font-semibold">{t("premium.insights.product")}</th>
            <th className="py-2 pr-3 font-semibold">{t("premium.insights.yourPrice")}</th>
            <th className="py-2 pr-3 font-semibold">{t("premium.insights.market")}</th>
            <th className="py-2 font-semibold">{t("premium.insights.position")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {rows.map((row) => (
            <tr key={row.productId}>
              <td className="py-2 pr-3 font-medium">{row.productName || t("premium.insights.exampleProduct")}</td>
              <td className="py-2 pr-3">{formatNaira(row.yourPriceNgn)}</td>
              <td className="py-2 pr-3">{row.market ? `${formatNaira(row.market.low)} – ${formatNaira(row.market.high)}` : "–"}</td>
              <td className={cn("py-2 font-semibold", row.position ? tone[row.position] : "text-gray-500")}>
                {row.position ? t(`premium.insights.${row.position}`) : t("premium.insights.notEnough")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MarketInsights({ access }: { access: FeatureAccess | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ListingActionData>();
  const answer = fetcher.data?.intent === "insights" ? fetcher.data : undefined;
  const rows = answer?.ok ? (answer.insights ?? []) : null;
  return (
    <section aria-label={t("premium.insights.title")} className="mb-6">
      <PremiumGate feature="premium_products" access={access} title={t("premium.listingsTitle")} text={t("premium.listingsText")}>
        <Card className="flex flex-col gap-3 p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <Icon name="sparkles" className="h-5 w-5 text-brand-600" />
                {t("premium.insights.title")}
              </h2>
              <p className="text-sm text-gray-600 dark:text-gray-400">{t("premium.insights.text")}</p>
            </div>
            <Button variant="outline" disabled={fetcher.state !== "idle"} onClick={() => fetcher.submit({ intent: "insights" }, { method: "post" })}>
              {fetcher.state !== "idle" ? t("premium.insights.loading") : t("premium.insights.show")}
            </Button>
          </div>
          {rows === null ? <InsightsTable rows={EXAMPLE} example /> : rows.length === 0 ? <p className="text-sm">{t("premium.insights.none")}</p> : <InsightsTable rows={rows} />}
          {answer && !answer.ok ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {answer.message}
            </p>
          ) : null}
        </Card>
      </PremiumGate>
    </section>
  );
}
