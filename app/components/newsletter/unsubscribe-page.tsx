import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { Button, buttonVariants } from "~/components/ui/button";

// Leaving the newsletter from its e-mail's link: one button (a plain form), then the answer.

export function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const done = useActionData<{ unsubscribed: boolean }>()?.unsubscribed === true;
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
