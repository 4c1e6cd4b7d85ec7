import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterForm, type NewsletterReply } from "~/components/newsletter/newsletter-form";
import { BrandMark } from "~/components/shell/brand-mark";
import { buttonVariants } from "~/components/ui/button";
import { replySucceeded } from "~/lib/page-reply";

// The newsletter page of a reader without the app: the footer's form, with its answer.

export function NewsletterPage() {
  const { t } = useTranslation();
  const reply = useActionData<NewsletterReply>();
  const subscribed = reply ? replySucceeded(reply) : false;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6 py-16">
      <BrandMark size={48} label={null} />
      <h1 className="text-2xl font-bold">
        {subscribed ? t("newsletter.subscribedTitle") : t("footer.newsletterTitle")}
      </h1>
      <p className="text-gray-600 dark:text-gray-400">{t("footer.newsletterText")}</p>
      <NewsletterForm reply={reply} />
      <a href="/" className={buttonVariants({ variant: "outline", className: "self-start" })}>
        {t("newsletter.backHome")}
      </a>
    </main>
  );
}
