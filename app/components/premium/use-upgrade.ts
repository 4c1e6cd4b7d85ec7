import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";
import { toast } from "~/lib/toast-store";

export type PaymentMethod = "card" | "transfer";

/**
 * The upgrade button: asks for a checkout session (by card, or for 30 days by transfer where the
 * provider offers it) and sends the browser to it. The page it was pressed on goes with it, so the
 * browser comes back there after paying.
 */
export function useUpgrade() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PaymentMethod | null>(null);
  async function upgrade(method?: PaymentMethod) {
    setPending(method ?? "card");
    try {
      const returnTo = `${window.location.pathname}${window.location.search}`;
      const { checkoutUrl } = await apiRequest<{ checkoutUrl: string }>("POST", "/api/subscription/checkout", {
        returnTo,
        ...(method ? { method } : {}),
      });
      window.location.assign(checkoutUrl);
    } catch (error) {
      console.error("Failed to create checkout session", error);
      // The payment service could not be reached: nothing was started, and trying again soon may work.
      const unreachable = error instanceof ApiError && error.code === "SYS_SERVICE_DEGRADED";
      toast({
        title: t(unreachable ? "premium.errors.providerUnreachable" : "premium.errors.checkoutFailed"),
        variant: "destructive",
      });
      setPending(null);
    }
  }
  return { upgrade, pending: pending !== null, pendingMethod: pending };
}
