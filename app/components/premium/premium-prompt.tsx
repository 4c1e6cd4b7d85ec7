import { useRevalidator } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { formatNaira } from "~/lib/currency";
import type { FeatureAccess, PremiumFeature } from "~/modules/premium/access";
import { usePublicEnv } from "~/lib/use-root-data";
import { UpgradeButton } from "./upgrade-button";

// Premium access in the pages: the locked prompt over
// a blurred preview, the 'Trial Expired' badge, the line under the upgrade
// button, and the upsell cards of the marketplace pages.

/** The line under the upgrade button, exactly as specified. */
export function accessNote(access: FeatureAccess) {
  if (access.isTrialExpired) return "premium.trialExpired";
  if (access.hasUsedPremiumFeatures) return "premium.featuresUsed";
  return "premium.trialInfo";
}

/** The upgrade button of a prompt or card, with the price and the trial's state under it. */
function UpgradeOffer({ access }: { access: FeatureAccess }) {
  const { t } = useTranslation();
  const price = usePublicEnv().PREMIUM_PRICE_NGN;
  return (
    <div className="flex flex-col items-center gap-2">
      <UpgradeButton size="lg" icon />
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("premium.price", { price: formatNaira(price) })}</p>
      {access.hasActiveSubscription ? null : (
        <p className="text-sm font-medium text-earth-800 dark:text-earth-100">{t(accessNote(access))}</p>
      )}
    </div>
  );
}

/** 'Failed to check feature access' with a Try Again that checks again. */
/** 'Trial expired', beside a premium prompt's title. */
export function TrialExpiredBadge({ className = "px-2" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full bg-red-100 py-0.5 text-xs font-semibold text-red-700 dark:bg-red-950 dark:text-red-300 ${className}`}
    >
      {t("premium.trialExpiredBadge")}
    </span>
  );
}

export function AccessCheckFailed() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-white p-6 text-center dark:border-red-900 dark:bg-gray-900"
    >
      <p>{t("premium.checkFailed")}</p>
      <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
        {t("premium.tryAgain")}
      </Button>
    </div>
  );
}

/**
 * Shows the feature when access allows it; otherwise the locked prompt over a
 * blurred, inert preview of it. The prompt and the preview share one grid cell,
 * so the box grows to fit the prompt in any language instead of cutting it, and a
 * band of the preview stays visible above and below it.
 */
export function PremiumGate({
  feature,
  access,
  title,
  text,
  preview,
  children,
}: {
  feature: PremiumFeature;
  access: FeatureAccess | null;
  /** The prompt's own heading and sentence, when the page names the feature its way. */
  title?: string;
  text?: string;
  /** What to blur behind the prompt, when the feature itself should not be shown (e.g. it holds the user's figures). */
  preview?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = title ?? t("premium.lockedTitle");
  if (!access) return <AccessCheckFailed />;
  if (access.canAccess) return <>{children}</>;
  return (
    <div data-premium-gate="" className="grid overflow-hidden rounded-2xl border border-gray-200 dark:border-gray-800">
      {/* inert (set by hand: React 18's types lack it) keeps the preview out of reach of keyboards and screen readers. */}
      <div
        aria-hidden="true"
        ref={(element) => element?.setAttribute("inert", "")}
        className="pointer-events-none col-start-1 row-start-1 max-h-[28rem] min-h-[20rem] select-none overflow-hidden blur-sm"
      >
        {preview ?? children}
      </div>
      {/* Positioned, so they paint above the blurred preview (a filter makes its own layer). */}
      <div className="relative col-start-1 row-start-1 bg-white/50 dark:bg-gray-950/50" />
      <div className="relative col-start-1 row-start-1 flex items-center justify-center px-3 py-10 sm:px-4 sm:py-12">
        <div
          role="region"
          aria-label={heading}
          data-premium-prompt=""
          className="flex w-full max-w-sm flex-col items-center gap-2 rounded-2xl bg-white p-4 text-center shadow-xl dark:bg-gray-900 sm:gap-3 sm:p-6"
        >
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200 sm:h-12 sm:w-12">
            <Icon name="sparkles" className="h-5 w-5 sm:h-6 sm:w-6" />
          </span>
          {access.isTrialExpired ? <TrialExpiredBadge className="px-3" /> : null}
          <p className="text-base font-semibold sm:text-lg">{heading}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {text ?? t("premium.lockedText", { feature: t(`premium.features.${feature}`) })}
          </p>
          <UpgradeOffer access={access} />
        </div>
      </div>
    </div>
  );
}

/** An upsell card (the listing form's 'Sell faster with Premium') for users without access; nothing for those with it. */
export function UpsellCard({ access, title, text }: { access: FeatureAccess | null; title: string; text: string }) {
  if (!access || access.canAccess) return null;
  return (
    <aside
      aria-label={title}
      className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-900 dark:bg-brand-950"
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 font-semibold">
          <Icon name="sparkles" className="h-5 w-5 text-brand-600" />
          {title}
          {access.isTrialExpired ? <TrialExpiredBadge /> : null}
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">{text}</p>
      </div>
      <UpgradeOffer access={access} />
    </aside>
  );
}
