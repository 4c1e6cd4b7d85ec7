import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Icon, type IconName } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/currency";
import { usePublicEnv } from "~/lib/use-root-data";
import type { PaymentMethod } from "./use-upgrade";

// Where the provider offers more than one way to pay (Paystack), the upgrade first asks how: a card
// that renews each month until cancelled, or 30 days paid once by bank transfer or USSD, the way
// most Nigerians pay online. Each choice says its price and whether it renews.

const CHOICES: { method: PaymentMethod; icon: IconName; title: string; text: string }[] = [
  { method: "transfer", icon: "bank", title: "premium.methods.transfer", text: "premium.methods.transferText" },
  { method: "card", icon: "card", title: "premium.methods.card", text: "premium.methods.cardText" },
];

export function PaymentChoiceDialog({
  open,
  onOpenChange,
  onChoose,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (method: PaymentMethod) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { PREMIUM_PRICE_NGN, PAYMENT_METHODS } = usePublicEnv();
  const [chosen, setChosen] = useState<PaymentMethod>("transfer");
  const price = formatNaira(PREMIUM_PRICE_NGN);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("premium.methods.title")}>
      <fieldset className="flex flex-col gap-3" data-testid="payment-methods">
        <legend className="sr-only">{t("premium.methods.title")}</legend>
        {CHOICES.filter((choice) => PAYMENT_METHODS.includes(choice.method)).map((choice) => (
          <label
            key={choice.method}
            className={cn(
              // Left-aligned wherever the dialog is opened from (a premium prompt centres its text).
              "flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 text-start transition-colors",
              chosen === choice.method
                ? "border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950"
                : "border-gray-200 hover:border-gray-300 dark:border-gray-700 dark:hover:border-gray-600",
            )}
          >
            <input
              type="radio"
              name="payment-method"
              value={choice.method}
              checked={chosen === choice.method}
              onChange={() => setChosen(choice.method)}
              className="mt-1 h-5 w-5 flex-none accent-brand-600"
            />
            <Icon name={choice.icon} className="mt-0.5 h-6 w-6 flex-none text-brand-700 dark:text-brand-300" />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-semibold">{t(choice.title)}</span>
              <span className="text-sm text-gray-700 dark:text-gray-300">{t(choice.text, { price })}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button onClick={() => onChoose(chosen)} disabled={pending}>
          {pending ? t("premium.upgrading") : t("premium.methods.continue")}
        </Button>
      </div>
    </Dialog>
  );
}
