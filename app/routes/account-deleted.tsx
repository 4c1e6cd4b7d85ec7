import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import type { PageHandle } from "~/components/shell/hydration";
import { buttonVariants } from "~/components/ui/button";
import { pageTexts } from "~/locales/page-texts";
import accountDataTexts from "~/locales/page-texts/accountData";

// Public: where Settings goes once the account is deleted; it holds no one's data.

export const meta: MetaFunction = () => [{ title: "Asiiko" }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { hydrate: false, texts: pageTexts(accountDataTexts) };

export default function AccountDeletedPage() {
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
