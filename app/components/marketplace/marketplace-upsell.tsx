import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accessNote, TrialExpiredBadge } from "~/components/premium/premium-prompt";
import { PaymentsNotSetUp, UpgradeButton, usePaymentsAvailable } from "~/components/premium/upgrade-button";
import { Icon } from "~/components/ui/icons";
import { formatNaira } from "~/lib/currency";
import { usePublicEnv } from "~/lib/use-root-data";
import type { FeatureAccess } from "~/modules/premium/access";

// 'Unlock Premium Marketplace' above the listings: one line and a button on a
// phone (so the first listing stays on the first screen), the sentence, the
// price and the trial's state too on wider screens, and a close button.
//
// The dismissal is a cookie rather than local storage: the loader reads it, so
// a dismissed offer is not rendered by the server at all and never flashes in
// before the page hydrates. It lasts 30 days, then the offer may show again.
export const UPSELL_COOKIE = "asiiko-marketplace-upsell";
export const UPSELL_DISMISSED = "dismissed";
const THIRTY_DAYS = 30 * 24 * 3600;

export function MarketplaceUpsell({ access, dismissed }: { access: FeatureAccess | null; dismissed: boolean }) {
  const { t } = useTranslation();
  const paymentsAvailable = usePaymentsAvailable();
  const [hidden, setHidden] = useState(dismissed);
  const price = usePublicEnv().PREMIUM_PRICE_NGN;
  if (hidden || !access || access.canAccess) return null;

  function dismiss() {
    document.cookie = `${UPSELL_COOKIE}=${UPSELL_DISMISSED}; Path=/; Max-Age=${THIRTY_DAYS}; SameSite=Lax`;
    setHidden(true);
  }

  const title = t("premium.marketplaceTitle");
  return (
    <aside
      aria-label={title}
      className="flex items-center gap-2 rounded-xl border border-brand-200 bg-gradient-to-r from-brand-50 to-earth-50 py-2 pl-3 pr-1 dark:border-brand-900 dark:from-brand-950 dark:to-gray-900 sm:gap-3 sm:py-3 sm:pl-4"
    >
      <Icon name="sparkles" className="h-5 w-5 flex-none text-brand-600 dark:text-brand-300" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold leading-snug sm:text-base">
          {title}
          {access.isTrialExpired ? <TrialExpiredBadge /> : null}
        </p>
        <p className="hidden text-sm text-gray-700 dark:text-gray-300 sm:block">{t("premium.marketplaceText")}</p>
        <p className="hidden text-sm text-gray-600 dark:text-gray-400 sm:block">
          {t("premium.price", { price: formatNaira(price) })}
          {access.hasActiveSubscription ? null : (
            <span className="font-medium text-earth-800 dark:text-earth-100"> · {t(accessNote(access))}</span>
          )}
        </p>
        {/* Without a payment provider the line takes the button's place, under the title (a phone has no room beside it). */}
        {paymentsAvailable ? null : <PaymentsNotSetUp className="mt-1" />}
      </div>
      {paymentsAvailable ? (
        <UpgradeButton size="sm" className="flex-none" shortLabel={t("marketplace.upgradeShort")} />
      ) : null}
      <button
        type="button"
        onClick={dismiss}
        aria-label={t("marketplace.dismissUpsell")}
        className="inline-flex h-9 w-9 flex-none items-center justify-center rounded-full text-gray-600 hover:bg-white/70 dark:text-gray-300 dark:hover:bg-gray-800"
      >
        <Icon name="close" className="h-4 w-4" />
      </button>
    </aside>
  );
}
