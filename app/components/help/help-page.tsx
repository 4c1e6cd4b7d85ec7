import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { telHref } from "~/lib/public-env";
import { usePublicEnv } from "~/lib/use-root-data";

// Help: how to reach Asiiko (e-mail, phone when configured, the address).

export function HelpPage() {
  const { t } = useTranslation();
  const { SUPPORT_EMAIL: supportEmail, SUPPORT_PHONE: supportPhone } = usePublicEnv();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("pages.helpTitle")} subtitle={t("pages.helpText")} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Card className="flex flex-col gap-2 p-5">
          <Icon name="mail" className="h-6 w-6 text-brand-600" />
          <p className="font-semibold">{t("pages.helpEmail")}</p>
          <a href={`mailto:${supportEmail}`} className="break-all text-brand-700 underline dark:text-brand-300">
            {supportEmail}
          </a>
        </Card>
        {supportPhone ? (
          <Card className="flex flex-col gap-2 p-5">
            <Icon name="phone" className="h-6 w-6 text-brand-600" />
            <p className="font-semibold">{t("pages.helpPhone")}</p>
            <a href={telHref(supportPhone)} className="text-brand-700 underline dark:text-brand-300">
              {supportPhone}
            </a>
          </Card>
        ) : null}
        <Card className="flex flex-col gap-2 p-5">
          <Icon name="pin" className="h-6 w-6 text-brand-600" />
          <p className="font-semibold">{t("pages.helpAddress")}</p>
          <p>{t("footer.city")}</p>
        </Card>
      </div>
    </div>
  );
}
