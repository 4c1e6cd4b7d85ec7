import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import type { PageHandle } from "~/components/shell/hydration";
import { NEWSLETTER_MAX_BYTES } from "~/modules/newsletter/constants";
import { limitSubscribe, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { NewsletterPage } from "~/components/newsletter/newsletter-page";

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

export default function Newsletter() {
  return <NewsletterPage />;
}
