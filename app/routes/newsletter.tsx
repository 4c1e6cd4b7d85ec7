import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterForm, type NewsletterReply } from "~/components/newsletter/newsletter-form";
import { BrandMark } from "~/components/shell/brand-mark";
import type { PageHandle } from "~/components/shell/hydration";
import { buttonVariants } from "~/components/ui/button";
import { replySucceeded } from "~/lib/page-reply";
import { NEWSLETTER_MAX_BYTES } from "~/modules/newsletter/constants";
import { limitSubscribe, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";

// The footer newsletter's form posts here: the app's fetcher shows the answer under the
// field; a page without the app (or without JavaScript) comes here and sees the same form
// with its answer. The answer is the same whether or not the address was known.

export const meta: MetaFunction = () => [{ title: "Newsletter · Asiiko" }, { name: "robots", content: "noindex" }];

export const handle: PageHandle = { hydrate: false };

// Public: anyone may subscribe an address (limited per address, body capped).
export async function action({ request, context }: ActionFunctionArgs) {
  const language = detectLanguage(request);
  return answerIntent(language, "subscribe", async () => {
    await limitSubscribe(context.clientIp);
    const form = await readPageForm(request, NEWSLETTER_MAX_BYTES);
    await subscribeToNewsletter({ email: form.get("email") }, language);
    return pageSuccess("subscribe");
  });
}

export default function NewsletterPage() {
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
