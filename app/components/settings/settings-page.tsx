import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { accessNote } from "~/components/premium/premium-prompt";
import { UpgradeButton } from "~/components/premium/upgrade-button";
import { PageHeader } from "~/components/shell/page-header";
import { SignedInDevices } from "~/components/shell/signed-in-devices";
import { LanguageSwitcher, ThemeChoice } from "~/components/shell/preferences-controls";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import type { listSignedInDevices } from "~/modules/auth/devices.server";
import { DEVICE_SIGN_OUT, type SettingsIntent } from "~/modules/auth/constants";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import type { getPlan, listPayments } from "~/modules/payments/plan.server";
import { PaymentHistory } from "~/components/premium/payment-history";
import { PayAnotherMonthButton, RenewalReminderNotice } from "~/components/premium/renewal-reminder";
import { UpdateCardButton } from "~/components/premium/update-card-button";
import { DataExportCard, DeleteAccountCard } from "~/components/account-data/data-rights";
import type { latestExport } from "~/modules/account-data/exports.server";
import type { LanguageCode } from "~/lib/i18n";

// Settings: language and theme, the plan (trial, Premium, how it is paid, renewal or end, cancel,
// the card, another month by transfer), the payments made with their receipts, the devices the
// account is signed in on, its data export and the account's deletion.

export interface SettingsPageProps {
  plan: Awaited<ReturnType<typeof getPlan>>;
  payments: Awaited<ReturnType<typeof listPayments>>;
  devices: Awaited<ReturnType<typeof listSignedInDevices>>;
  dataExport: Awaited<ReturnType<typeof latestExport>>;
  locale: LanguageCode;
}

function PlanCard({ plan, locale }: Pick<SettingsPageProps, "plan" | "locale">) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PageReply<SettingsIntent>>();
  const [confirming, setConfirming] = useState(false);
  const date = (iso: string) => formatDate(iso, locale, "long");

  useFetcherAnswer(fetcher, (answer) => {
    setConfirming(false);
    if (!replySucceeded(answer))
      toast({ title: answer.refusal?.message ?? t("errors.unexpected"), variant: "destructive" });
  });

  const subscription = plan.subscription;
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="plan">
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium">{t("premium.plan.title")}</span>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
          {/* Mapping still open from the trial's use: the trial day is still running. */}
          {t(plan.mappingOpenUntil && !subscription ? "premium.plan.trial" : `premium.plan.${plan.plan}`)}
        </span>
      </div>
      {plan.reminder ? <RenewalReminderNotice reminder={plan.reminder} locale={locale} /> : null}
      {subscription ? (
        <>
          <p className="text-sm font-medium">
            {t(subscription.method === "transfer" ? "premium.plan.paidByTransfer" : "premium.plan.paidByCard")}
          </p>
          {/* A renewal that failed says when Premium ends instead of when it renews. */}
          {subscription.renewalFailedAt && !subscription.cancelAtPeriodEnd ? (
            <p
              role="status"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
            >
              {t("premium.plan.renewalFailed", { date: date(subscription.currentPeriodEnd) })}
            </p>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {subscription.method === "transfer"
                ? t("premium.plan.ends", { date: date(subscription.currentPeriodEnd) })
                : subscription.cancelAtPeriodEnd
                  ? t("premium.plan.cancelled", { date: date(subscription.currentPeriodEnd) })
                  : t("premium.plan.renews", { date: date(subscription.currentPeriodEnd) })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {subscription.method === "transfer" ? (
              // The reminder has its own button; without one, paying early is still offered.
              plan.reminder ? null : (
                <PayAnotherMonthButton variant="outline" />
              )
            ) : (
              <>
                {subscription.canUpdateCard ? <UpdateCardButton /> : null}
                {subscription.cancelAtPeriodEnd ? null : (
                  <Button variant="outline" onClick={() => setConfirming(true)}>
                    {t("premium.plan.cancel")}
                  </Button>
                )}
              </>
            )}
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("premium.plan.confirmCancelTitle")}
            text={t("premium.plan.confirmCancelText")}
            confirmLabel={t("premium.plan.cancel")}
            cancelLabel={t("premium.plan.keep")}
            pendingLabel={t("premium.plan.cancelling")}
            pending={fetcher.state !== "idle"}
            onConfirm={() => fetcher.submit({ intent: "cancel" }, { method: "post" })}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {plan.plan === "trial"
              ? t("premium.plan.trialEnds", { date: date(plan.trialEndsAt) })
              : plan.mappingOpenUntil
                ? // The trial's use went to farm mapping, which stays open: say so, not that it is all used up.
                  t("premium.plan.mappingOpen", { time: formatDate(plan.mappingOpenUntil, locale, "medium-time") })
                : t(accessNote(plan.access))}
          </p>
          <UpgradeButton className="self-start" />
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t("premium.price", { price: formatNaira(plan.priceNgn) })}
          </p>
        </>
      )}
    </Card>
  );
}

export function SettingsPage({ devices, locale, dataExport, payments, plan }: SettingsPageProps) {
  const { t } = useTranslation();
  const actionData = useActionData<PageReply<SettingsIntent>>();

  // A device signed out from the list: say so, or why not.
  useEffect(() => {
    if (!actionData || actionData.intent === "cancel") return;
    if (replySucceeded(actionData)) {
      const done = {
        [DEVICE_SIGN_OUT.device]: "pages.devices.signedOut",
        [DEVICE_SIGN_OUT.others]: "pages.devices.othersSignedOut",
      } as const;
      toast({ title: t(done[actionData.intent]) });
    } else if (actionData.refusal) {
      toast({ title: actionData.refusal.message, variant: "destructive" });
    }
  }, [actionData, t]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title={t("pages.settingsTitle")} subtitle={t("pages.settingsText")} />
      <Card className="divide-y divide-gray-100 dark:divide-gray-800">
        {/* A label and its control share a row while both fit, else the control goes below the label. */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 p-5">
          <span className="font-medium">{t("header.language")}</span>
          <LanguageSwitcher />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 p-5">
          <span id="settings-theme" className="font-medium">
            {t("pages.theme")}
          </span>
          <ThemeChoice labelledBy="settings-theme" />
        </div>
      </Card>
      <PlanCard plan={plan} locale={locale} />
      <PaymentHistory payments={payments} locale={locale} />
      <SignedInDevices devices={devices} locale={locale} />
      <DataExportCard initial={dataExport} locale={locale} />
      <DeleteAccountCard />
    </div>
  );
}
