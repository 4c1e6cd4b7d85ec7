import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import type { PageHandle } from "~/components/shell/hydration";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { Button, buttonVariants } from "~/components/ui/button";
import { isNewsletterToken } from "~/modules/newsletter/schemas";
import { limitUnsubscribe, unsubscribeFromNewsletter } from "~/modules/newsletter/newsletter.server";
import { readPageForm } from "~/server/http/page-form.server";
import { Refusal } from "~/server/refusal";

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

export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const done = useActionData<typeof action>()?.unsubscribed === true;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6 py-16">
      <BrandMark size={48} label={null} />
      <h1 className="text-2xl font-bold">
        {done ? t("newsletter.unsubscribedTitle") : t("newsletter.unsubscribeTitle")}
      </h1>
      {done ? (
        <p role="status" className="text-gray-600 dark:text-gray-400">
          {t("newsletter.unsubscribedText")}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4" {...{ [STATIC_HOOKS.pendingForm]: "" }}>
          <p className="text-gray-600 dark:text-gray-400">{t("newsletter.unsubscribeText")}</p>
          <Button
            type="submit"
            className="self-start"
            {...{ [STATIC_HOOKS.pendingLabel]: t("newsletter.unsubscribing") }}
          >
            {t("newsletter.unsubscribeButton")}
          </Button>
        </Form>
      )}
      <a href="/" className={buttonVariants({ variant: "outline", className: "self-start" })}>
        {t("newsletter.backHome")}
      </a>
    </main>
  );
}
