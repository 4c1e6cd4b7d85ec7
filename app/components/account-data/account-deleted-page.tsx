import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { buttonVariants } from "~/components/ui/button";

// Where Settings goes once the account is deleted: said, with a way home.

export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <BrandMark size={48} label={null} />
      <h1 className="text-2xl font-bold">{t("accountData.delete.doneTitle")}</h1>
      <p className="text-gray-600 dark:text-gray-400">{t("accountData.delete.doneText")}</p>
      <a href="/" className={buttonVariants()}>
        {t("accountData.delete.home")}
      </a>
    </main>
  );
}
