import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { usePublicEnv } from "~/lib/use-root-data";
import { PaymentChoiceDialog } from "./payment-choice";
import { useUpgrade } from "./use-upgrade";

// Every 'Upgrade to Premium' button (Settings, the premium prompts, the upsell cards): it opens
// checkout (first asking how to pay where there is a choice: card or bank transfer/USSD), or, where
// the site has no payment provider set up, says so instead of offering a checkout that could only fail.

/** Whether a payment provider takes checkouts on this site. */
export function usePaymentsAvailable() {
  return usePublicEnv().PAYMENTS_AVAILABLE;
}

/** 'Payments are not set up on this site yet', where an upgrade button would be. */
export function PaymentsNotSetUp({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p data-payments-not-set-up="" className={cn("text-sm font-medium text-gray-700 dark:text-gray-300", className)}>
      {/* In the line, so a wrapped sentence stays aligned as its box aligns text (centred in a prompt). */}
      <Icon name="info" className="mr-1.5 inline h-4 w-4 align-[-3px]" />
      {t("premium.paymentsNotSetUp")}
    </p>
  );
}

export function UpgradeButton({
  size,
  className,
  icon = false,
  shortLabel,
}: {
  size?: ButtonProps["size"];
  className?: string;
  /** The sparkles before the label. */
  icon?: boolean;
  /** A shorter label for phones (the full one from the sm breakpoint up). */
  shortLabel?: string;
}) {
  const { t } = useTranslation();
  const { upgrade, pending } = useUpgrade();
  const choice = usePublicEnv().PAYMENT_METHODS.length > 1;
  const [choosing, setChoosing] = useState(false);
  if (!usePaymentsAvailable()) return <PaymentsNotSetUp className={className} />;
  const label = pending ? t("premium.upgrading") : t("premium.upgrade");
  const button = (
    <Button
      size={size}
      className={className}
      onClick={() => (choice ? setChoosing(true) : void upgrade())}
      disabled={pending}
    >
      {icon ? <Icon name="sparkles" /> : null}
      {shortLabel ? (
        <>
          <span className="sm:hidden">{pending ? t("premium.upgrading") : shortLabel}</span>
          <span className="hidden sm:inline">{label}</span>
        </>
      ) : (
        label
      )}
    </Button>
  );
  if (!choice) return button;
  return (
    <>
      {button}
      <PaymentChoiceDialog
        open={choosing}
        onOpenChange={setChoosing}
        pending={pending}
        onChoose={(method) => void upgrade(method)}
      />
    </>
  );
}
