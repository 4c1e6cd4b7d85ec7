import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { formatNaira } from "~/lib/currency";
import { checkoutProviderName, isDemoMode } from "~/env.server";
import { requireUser } from "~/modules/auth/gates.server";
import { completeSandboxCheckout } from "~/modules/payments/checkout.server";
import { waitForPaymentEvent } from "~/modules/payments/provider-events.server";
import { DEFAULT_CHECKOUT_RETURN, withCheckoutResult } from "~/modules/payments/return-path";
import { readSandboxSession, type SandboxSession } from "~/modules/payments/sandbox-provider.server";

export const meta: MetaFunction = () => [{ title: "Checkout · Asiiko" }];

// The built-in checkout of demo mode: the plan and amount, and 'Pay', which
// sends the same signed event Stripe would. Outside demo mode the page does not
// exist (404); with Stripe configured, only Stripe's checkout takes payments.
function sandboxSession(request: Request, userId: string) {
  if (!isDemoMode()) throw new Response("Not Found", { status: 404 });
  if (checkoutProviderName() !== "sandbox") return null;
  return readSandboxSession(new URL(request.url).searchParams.get("session"), userId);
}

/** The page to come back to: the one the link was made for (links made before it carried one: Settings). */
const returnOf = (session: SandboxSession) => session.ret ?? DEFAULT_CHECKOUT_RETURN;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const session = sandboxSession(request, user.id);
  return session
    ? { valid: true as const, amount: session.amt, cancelTo: withCheckoutResult(returnOf(session), "cancelled") }
    : { valid: false as const, amount: 0, cancelTo: DEFAULT_CHECKOUT_RETURN };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const session = sandboxSession(request, user.id);
  if (!session) throw new Response("This checkout link is not valid or has expired.", { status: 400 });
  const eventId = await completeSandboxCheckout(session);
  // The worker activates the plan; give it a moment so the next page already shows Premium.
  await waitForPaymentEvent(eventId);
  // Back to the page the upgrade started from (a path of this site, checked when the link was made and again here).
  return redirect(withCheckoutResult(returnOf(session), "success"));
}

export default function SandboxCheckout() {
  const { valid, amount, cancelTo } = useLoaderData<typeof loader>();
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
