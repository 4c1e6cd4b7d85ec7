import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "~/lib/http/request";
import { toast } from "~/lib/toast-store";

/**
 * The upgrade button: asks for a checkout session and sends the browser to it. The page it was
 * pressed on goes with it, so the browser comes back there after paying.
 */
export function useUpgrade() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  async function upgrade() {
    setPending(true);
    try {
      const returnTo = `${window.location.pathname}${window.location.search}`;
      const { checkoutUrl } = await apiRequest<{ checkoutUrl: string }>("POST", "/api/subscription/checkout", {
        returnTo,
      });
      window.location.assign(checkoutUrl);
    } catch (error) {
      console.error("Failed to create checkout session", error);
      toast({ title: t("premium.errors.checkoutFailed"), variant: "destructive" });
      setPending(false);
    }
  }
  return { upgrade, pending };
}
