import { useTranslation } from "react-i18next";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PageHeader } from "~/components/shell/page-header";
import { Icon } from "~/components/ui/icons";

export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("pages.notificationsTitle")} />
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
        <Icon name="bell" className="h-10 w-10 text-brand-600" />
        <p className="text-gray-700 dark:text-gray-300">{t("pages.notificationsText")}</p>
      </div>
    </div>
  );
}

export const ErrorBoundary = pageErrorBoundary("NotificationsPage");
