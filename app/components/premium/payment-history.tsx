import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { PaymentSummary } from "~/modules/payments/plan.server";
import { channelKey } from "./payment-labels";

/** Settings' list of the payments received, newest first, each with its printable receipt. */
export function PaymentHistory({ payments, locale }: { payments: PaymentSummary[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  if (payments.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="payment-history">
      <h2 className="font-medium">{t("premium.plan.history")}</h2>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {payments.map((payment) => (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div className="flex min-w-0 flex-col">
              <span className="font-semibold">{formatNaira(payment.amountNgn)}</span>
              <span className="text-sm text-gray-600 dark:text-gray-400">
                {formatDate(payment.paidAt, locale, "long")} · {t(`premium.channels.${channelKey(payment.channel)}`)}
              </span>
              <span className="break-all font-mono text-xs text-gray-600 dark:text-gray-400">{payment.reference}</span>
            </div>
            <a
              href={`/receipts/${payment.id}`}
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
            >
              {t("premium.plan.receipt")}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
