import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/ui/icons";
import { PageHeader } from "./page-header";

/** A section that is announced but not built yet: its title and one honest sentence. */
export function ComingSoon({ titleKey, textKey, icon }: { titleKey: string; textKey: string; icon: IconName }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t(titleKey)} />
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 p-10 text-center dark:border-gray-700">
        <Icon name={icon} className="h-10 w-10 text-brand-600" />
        <p className="text-gray-700 dark:text-gray-300">{t(textKey)}</p>
      </div>
    </div>
  );
}
