import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { buttonVariants } from "~/components/ui/button";

// What the service worker shows for a page this phone never kept, while it has no connection.

export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <BrandMark size={48} label={null} />
      <h1 className="text-2xl font-bold">{t("offline.title")}</h1>
      <p className="text-gray-600 dark:text-gray-400">{t("offline.text")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* The worker shows this page at the address that was asked for: an empty link opens that address again. */}
        <a href="" className={buttonVariants()}>
          {t("errors.tryAgain")}
        </a>
        <a href="/" className={buttonVariants({ variant: "outline" })}>
          {t("errors.goHome")}
        </a>
      </div>
    </main>
  );
}
