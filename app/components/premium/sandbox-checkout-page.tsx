import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { formatNaira } from "~/lib/currency";

// The built-in checkout of demo mode: the plan and amount, 'Pay' (a plain form to the route's
// action) and a way back; a link that is not valid says so.

export interface SandboxCheckoutPageProps {
  valid: boolean;
  amount: number;
  /** Where 'Cancel' goes: the page the upgrade started from. */
  cancelTo: string;
}

export function SandboxCheckoutPage({ valid, amount, cancelTo }: SandboxCheckoutPageProps) {
  const { t } = useTranslation();
  const paying = useNavigation().state !== "idle";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 p-4 dark:bg-gray-950">
      <Card className="flex w-full max-w-md flex-col gap-4 p-6">
        <BrandMark as="p" size={28} label={t("premium.sandbox.title")} className="text-lg font-bold" />
        {valid ? (
          <>
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              {t("premium.sandbox.notice")}
            </p>
            <dl className="flex flex-col gap-2">
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600 dark:text-gray-400">{t("premium.plan.title")}</dt>
                <dd className="font-medium">{t("premium.sandbox.plan")}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600 dark:text-gray-400">{t("premium.sandbox.amount")}</dt>
                <dd className="text-xl font-bold">{formatNaira(amount)}</dd>
              </div>
            </dl>
            <Form method="post" className="flex flex-col gap-2">
              <Button type="submit" size="lg" disabled={paying}>
                <Icon name="sparkles" />
                {paying ? t("premium.sandbox.paying") : t("premium.sandbox.pay", { price: formatNaira(amount) })}
              </Button>
              <Button variant="outline" asChild>
                <Link to={cancelTo}>{t("premium.sandbox.cancel")}</Link>
              </Button>
            </Form>
          </>
        ) : (
          <>
            <p role="alert">{t("premium.sandbox.invalid")}</p>
            <Button variant="outline" asChild>
              <Link to="/settings">{t("pages.settingsTitle")}</Link>
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}
