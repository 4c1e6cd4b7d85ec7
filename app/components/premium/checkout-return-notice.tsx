import { useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast-store";

/**
 * Back from checkout on the page the upgrade started from (`?checkout=success|pending|cancelled`):
 * says how it went, once, and takes the parameter out of the address. `premium`: whether Premium is
 * on now. `pending`: a payment the provider has not confirmed yet (a transfer the bank is still sending).
 */
export function CheckoutReturnNotice({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const checkout = params.get("checkout");
  useEffect(() => {
    if (checkout !== "success" && checkout !== "pending" && checkout !== "cancelled") return;
    if (checkout === "success")
      toast({ title: premium ? t("premium.plan.checkoutSuccess") : t("premium.plan.checkoutPending") });
    else if (checkout === "pending")
      toast({ title: premium ? t("premium.plan.checkoutSuccess") : t("premium.plan.checkoutWaiting") });
    else toast({ title: t("premium.plan.checkoutCancelled") });
    setParams(
      (current) => {
        current.delete("checkout");
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [checkout, premium, setParams, t]);
  return null;
}
