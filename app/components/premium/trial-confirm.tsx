import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { FeatureAccess } from "~/modules/premium/access";

/**
 * True when using a premium tool now would spend the free trial: access without a subscription,
 * and the trial not spent yet (a trial spent on farm mapping keeps it open, spending nothing more).
 */
export function spendsTrial(access: FeatureAccess | null): boolean {
  return access !== null && access.canAccess && !access.hasActiveSubscription && !access.hasUsedPremiumFeatures;
}

/**
 * Asks before a premium use that would end the trial: `run(action)` performs the action at once
 * for subscribers, and for trial users only after they confirm. Asked once: after a yes, what the
 * page does next (the answer that records the use may not be back yet) is not asked about again.
 * `text` says what the use opens (farm mapping stays open for the rest of the trial day). Render
 * `dialog` once.
 */
export function useTrialConfirm(access: FeatureAccess | null, { text }: { text?: string } = {}) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  const [agreed, setAgreed] = useState(false);
  const run = (action: () => void) => {
    if (!agreed && spendsTrial(access)) setWaiting(() => action);
    else action();
  };
  const dialog = (
    <ConfirmDialog
      open={waiting !== null}
      onOpenChange={(open) => {
        if (!open) setWaiting(null);
      }}
      title={t("premium.trialConfirm.title")}
      text={text ?? t("premium.trialConfirm.text")}
      confirmLabel={t("premium.trialConfirm.confirm")}
      pendingLabel={t("premium.trialConfirm.confirm")}
      pending={false}
      tone="default"
      onConfirm={() => {
        const action = waiting;
        setWaiting(null);
        setAgreed(true);
        action?.();
      }}
    />
  );
  return { run, dialog };
}
