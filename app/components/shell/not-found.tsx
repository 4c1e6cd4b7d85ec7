import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="text-gray-600 dark:text-gray-300">{t("notFound.text")}</p>
      <Link to="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {t("notFound.home")}
      </Link>
    </main>
  );
}
