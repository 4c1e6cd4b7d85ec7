import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { Button } from "~/components/ui/button";
import { replySucceeded, type PageReply } from "~/lib/page-reply";

export type NewsletterReply = PageReply<"subscribe">;

/**
 * The newsletter's e-mail field. It posts to /newsletter: in the app through a fetcher, and the
 * answer shows under the field (the field clears once subscribed); on a page without the app
 * (the landing page) or without JavaScript, as a plain form whose answer is the /newsletter page,
 * which shows the same form with its answer (`reply`).
 */
export function NewsletterForm({ reply: pageReply }: { reply?: NewsletterReply }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<NewsletterReply>();
  const form = useRef<HTMLFormElement>(null);
  const reply = fetcher.data ?? pageReply;
  const pending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && replySucceeded(fetcher.data)) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const ok = reply ? replySucceeded(reply) : false;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter"
      className="flex flex-col gap-2"
      aria-label={t("footer.newsletterTitle")}
      {...{ [STATIC_HOOKS.pendingForm]: "" }}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {t("footer.emailPlaceholder")}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={t("footer.emailPlaceholder")}
          aria-describedby={reply ? "newsletter-answer" : undefined}
          aria-invalid={reply && !ok ? true : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900"
        />
        <Button type="submit" disabled={pending} {...{ [STATIC_HOOKS.pendingLabel]: t("footer.subscribing") }}>
          {pending ? t("footer.subscribing") : t("footer.subscribe")}
        </Button>
      </div>
      {reply && !pending ? (
        <p
          id="newsletter-answer"
          role={ok ? "status" : "alert"}
          className={
            ok ? "text-sm font-medium text-brand-700 dark:text-brand-300" : "text-sm text-red-600 dark:text-red-400"
          }
        >
          {ok ? t("footer.subscribed") : (reply.refusal?.message ?? t("auth.errors.emailInvalid"))}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
