import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { formatNaira } from "~/lib/currency";
import type { FeatureAccess } from "~/modules/premium/access";
import { useTrialConfirm } from "~/components/premium/trial-confirm";
import { replySucceeded } from "~/lib/page-reply";
import type { ListingReply } from "./listing-types";

/**
 * The premium price suggestion (a premium marketplace tool): what active
 * listings of the same product ask. Each suggestion counts as a premium use (one that finds
 * too few listings does not), so a trial user confirms first.
 */
export function PriceSuggestion({
  productId,
  access,
  onUse,
}: {
  productId: string;
  access: FeatureAccess | null;
  onUse: (price: number) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ListingReply>();
  const trial = useTrialConfirm(access);
  const pending = fetcher.state !== "idle";
  const answer = fetcher.data?.intent === "suggest-price" ? fetcher.data : undefined;
  const suggestion = answer && replySucceeded(answer) ? (answer.data?.suggestion ?? null) : undefined;
  if (!productId) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm dark:border-brand-900 dark:bg-brand-950">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={pending}
        onClick={() => trial.run(() => fetcher.submit({ intent: "suggest-price", productId }, { method: "post" }))}
      >
        <Icon name="sparkles" className="h-4 w-4" />
        {pending ? t("premium.suggesting") : t("premium.suggestPrice")}
      </Button>
      {suggestion ? (
        <div className="flex flex-wrap items-center gap-2" role="status">
          <span>
            {t("premium.suggestion", {
              low: formatNaira(suggestion.low),
              high: formatNaira(suggestion.high),
              median: formatNaira(suggestion.median),
            })}
          </span>
          <Button type="button" size="sm" onClick={() => onUse(suggestion.median)}>
            {t("premium.usePrice", { price: formatNaira(suggestion.median) })}
          </Button>
        </div>
      ) : null}
      {suggestion === null ? <p role="status">{t("premium.noSuggestion")}</p> : null}
      {answer?.refusal ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {answer.refusal.message}
        </p>
      ) : null}
      {trial.dialog}
    </div>
  );
}
