import { useTranslation } from "react-i18next";
import { channelKey } from "~/components/premium/payment-labels";
import { PrintButton } from "~/components/premium/print-button";
import { BrandMark } from "~/components/shell/brand-mark";
import { buttonVariants } from "~/components/ui/button";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { paymentReceipt } from "~/modules/payments/plan.server";
import type { LanguageCode } from "~/lib/i18n";
import type { legalFacts } from "~/modules/account-data/legal.server";

// One payment's receipt on a page of its own that prints on one sheet: who was paid, by whom,
// when, how much, how, the reference, and the days of Premium it paid for.

export type ReceiptPageProps = Pick<ReturnType<typeof legalFacts>, "operator" | "address" | "email"> & {
  receipt: NonNullable<Awaited<ReturnType<typeof paymentReceipt>>>;
  locale: LanguageCode;
};

export function ReceiptPage({ receipt, operator, address, email, locale }: ReceiptPageProps) {
  const { t } = useTranslation();
  const day = (iso: string) => formatDate(iso, locale, "long");
  const referenceLabel = t("premium.receipt.reference");
  const rows: [string, string][] = [
    [t("premium.receipt.paidOn"), formatDate(receipt.paidAt, locale, "medium-time")],
    [t("premium.receipt.payer"), receipt.payer],
    [t("premium.receipt.item"), t("premium.receipt.itemValue")],
    [
      t("premium.receipt.period"),
      t("premium.receipt.periodValue", { start: day(receipt.periodStart), end: day(receipt.periodEnd) }),
    ],
    [t("premium.receipt.method"), t(`premium.channels.${channelKey(receipt.channel)}`)],
    [referenceLabel, receipt.reference],
  ];
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col gap-6 px-4 py-8 print:max-w-none print:py-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <BrandMark as="p" size={32} className="text-lg font-bold" />
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {operator ?? t("premium.receipt.operatorUnnamed")}
            {address ? <span className="block">{address}</span> : null}
            <span className="block">{email}</span>
          </p>
        </div>
        <div className="flex flex-col items-end gap-1 text-end">
          <h1 className="text-2xl font-bold">{t("premium.receipt.title")}</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("premium.receipt.paid")}</p>
        </div>
      </header>
      <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
            <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
            {/* Words wrap whole; only the reference, one long token, may break anywhere. */}
            <dd className={label === referenceLabel ? "break-all font-mono text-sm" : "break-words font-medium"}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-4">
          <dt className="font-semibold">{t("premium.receipt.amount")}</dt>
          <dd className="text-2xl font-bold">{formatNaira(receipt.amountNgn)}</dd>
        </div>
      </dl>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("premium.receipt.note")}</p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <PrintButton label={t("premium.receipt.print")} />
        <a href="/settings" className={buttonVariants({ variant: "outline" })}>
          {t("premium.receipt.back")}
        </a>
      </div>
    </main>
  );
}
