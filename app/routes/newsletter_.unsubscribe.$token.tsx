import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { PageHandle } from "~/components/shell/hydration";
import { isNewsletterToken } from "~/modules/newsletter/schemas";
import { limitUnsubscribe, unsubscribeFromNewsletter } from "~/modules/newsletter/newsletter.server";
import { readPageForm } from "~/server/http/page-form.server";
import { Refusal } from "~/server/refusal";
import { NewsletterUnsubscribePage } from "~/components/newsletter/unsubscribe-page";

// The link in every newsletter: opening it changes nothing (mail scanners open links);
// the button on the page ends the subscription. Every well-formed token gets the same
// page and the same answer, so the page tells nothing about whether it was subscribed.

export const meta: MetaFunction = () => [
  { title: "Newsletter · Asiiko" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export const handle: PageHandle = { hydrate: false };

function checkToken(token: string | undefined) {
  if (!isNewsletterToken(token)) throw new Response("Not Found", { status: 404 });
  return token;
}

// Public: whoever holds the link's token (it is its only key; malformed tokens are 404).
export async function loader({ params }: LoaderFunctionArgs) {
  checkToken(params.token);
  return null;
}

// Public: whoever holds the link's token (limited per address, body capped).
export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = checkToken(params.token);
  try {
    await limitUnsubscribe(context.clientIp);
  } catch (error) {
    if (error instanceof Refusal) throw new Response(error.message, { status: error.status, headers: error.headers });
    throw error;
  }
  await readPageForm(request, 1024);
  await unsubscribeFromNewsletter(token);
  return { unsubscribed: true };
}

export default function NewsletterUnsubscribe() {
  return <NewsletterUnsubscribePage />;
}
