import { useTranslation } from "react-i18next";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PageHeader } from "~/components/shell/page-header";
import { LanguageSwitcher, ThemeToggle } from "~/components/shell/preferences-controls";
import { Card } from "~/components/ui/card";

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("pages.settingsTitle")} subtitle={t("pages.settingsText")} />
      <Card className="divide-y divide-gray-100 dark:divide-gray-800">
        <div className="flex items-center justify-between gap-4 p-5">
          <span className="font-medium">{t("header.language")}</span>
          <LanguageSwitcher />
        </div>
        <div className="flex items-center justify-between gap-4 p-5">
          <span className="font-medium">{t("pages.theme")}</span>
          <ThemeToggle />
        </div>
      </Card>
    </div>
  );
}

export const ErrorBoundary = pageErrorBoundary("SettingsPage");
