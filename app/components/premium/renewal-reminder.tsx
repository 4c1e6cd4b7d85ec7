import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { RenewalReminder } from "~/modules/payments/reminder";
import { useUpgrade } from "./use-upgrade";

// A month paid by bank transfer or USSD does not renew by itself: from three days before it ends,
// and for a week after, the dashboard and Settings say so, with a button that pays another month
// (paid early, its 30 days start where the running month ends).

/** 'Pay for another month': a checkout by transfer, straight away. */
export function PayAnotherMonthButton({ variant }: { variant?: "default" | "outline" }) {
  const { t } = useTranslation();
  const { upgrade, pending } = useUpgrade();
  return (
    <Button variant={variant} className="self-start" onClick={() => void upgrade("transfer")} disabled={pending}>
      <Icon name="bank" />
      {pending ? t("premium.upgrading") : t("premium.plan.payAnother")}
    </Button>
  );
}

export function RenewalReminderNotice({
  reminder,
  locale,
  className,
}: {
  reminder: RenewalReminder;
  locale: LanguageCode;
  className?: string;
}) {
  const { t } = useTranslation();
  const date = formatDate(reminder.kind === "ends_soon" ? reminder.endsAt : reminder.endedAt, locale, "long");
  return (
    <section
      data-testid="renewal-reminder"
      aria-labelledby="renewal-reminder-title"
      className={cn(
        "flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50",
        className,
      )}
    >
      <p id="renewal-reminder-title" className="font-semibold">
        {reminder.kind === "ends_soon"
          ? t("premium.reminder.endsSoon", { date, count: reminder.daysLeft })
          : t("premium.reminder.ended", { date })}
      </p>
      <p className="text-sm">{t("premium.reminder.text")}</p>
      <PayAnotherMonthButton />
    </section>
  );
}
