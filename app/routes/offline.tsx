import type { MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { buttonVariants } from "~/components/ui/button";
import type { PageHandle } from "~/components/shell/hydration";

// Public: the service worker keeps it for anyone, signed in or not; it holds no one's data.

// What the service worker shows for a page this phone never kept, while it has no
// connection: said plainly, in the reader's language, with a way to try again.
// The worker keeps it at install and again when the reader changes language. It
// is plain HTML (the page runs without the app), and shows the offline banner.

export const meta: MetaFunction = () => [{ title: "Offline · Asiiko" }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { hydrate: false };

export default function OfflinePage() {
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
