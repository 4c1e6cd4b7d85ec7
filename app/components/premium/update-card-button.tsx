import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { apiRequest } from "~/lib/http/request";
import { toast } from "~/lib/toast-store";

/** 'Update card': the provider's page where the subscriber changes the card Premium renews on (asked for fresh each time). */
export function UpdateCardButton() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  async function open() {
    setPending(true);
    try {
      const { data } = await apiRequest<{ data: { url: string } }>("POST", "/api/subscription/card");
      window.location.assign(data.url);
    } catch (error) {
      console.error("Failed to open the card page", error);
      toast({ title: t("premium.errors.cardLinkFailed"), variant: "destructive" });
      setPending(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void open()} disabled={pending}>
      <Icon name="card" />
      {pending ? t("premium.plan.openingCard") : t("premium.plan.updateCard")}
    </Button>
  );
}
