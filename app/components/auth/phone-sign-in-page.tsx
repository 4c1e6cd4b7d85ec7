import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatNigerianPhone } from "~/lib/phone";
import type { PageReply } from "~/lib/page-reply";
import { CODE_LENGTH, CODE_MINUTES } from "~/modules/phones/constants";

// Signing in by SMS: the number, then the code sent to it (two plain forms, no script needed), for
// an account made on a basic phone; a refusal is said above the form.

type PhoneSignInReply = PageReply<"send" | "confirm", { phone: string }>;

export interface PhoneSignInPageProps {
  redirectTo: string;
  /** An SMS provider is configured (otherwise the page says texts cannot be sent). */
  canText: boolean;
}

/** The number, on both steps (the second has it filled in, and it can be corrected). */
function PhoneField({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Label htmlFor="phone">{t("phoneSignIn.phone")}</Label>
      <Input
        id="phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        placeholder="0803 123 4567"
        defaultValue={defaultValue}
      />
    </>
  );
}

export function PhoneSignInPage({ redirectTo, canText }: PhoneSignInPageProps) {
  const reply = useActionData<PhoneSignInReply>();
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const sentTo = reply?.intent === "send" && reply.data ? reply.data.phone : null;
  const confirming = sentTo ?? (reply?.intent === "confirm" ? "" : null);
  const error = reply?.refusal?.message;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 p-4 dark:bg-gray-950">
      <Card className="flex w-full max-w-md flex-col gap-4 p-6">
        <BrandMark as="p" size={28} label={t("brand.name")} className="text-lg font-bold" />
        <h1 className="text-xl font-bold">{t("phoneSignIn.title")}</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("phoneSignIn.intro")}</p>
        {!canText ? (
          <p role="alert" className="text-sm text-amber-900 dark:text-amber-200">
            {t("sms.unavailable")}
          </p>
        ) : null}
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
          >
            {error}
          </p>
        ) : null}
        {confirming === null ? (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <PhoneField defaultValue="" />
            <Button type="submit" size="lg" disabled={busy || !canText}>
              {t("phoneSignIn.send")}
            </Button>
          </Form>
        ) : (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {sentTo ? (
              <p className="text-sm" data-testid="code-sent">
                {t("phoneSignIn.sent", { phone: formatNigerianPhone(sentTo), minutes: CODE_MINUTES })}
              </p>
            ) : null}
            <PhoneField defaultValue={sentTo ? formatNigerianPhone(sentTo) : ""} />
            <Label htmlFor="code">{t("phoneSignIn.code")}</Label>
            <Input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${CODE_LENGTH}}`}
              maxLength={CODE_LENGTH}
              required
            />
            <Button type="submit" size="lg" disabled={busy}>
              {t("phoneSignIn.confirm")}
            </Button>
          </Form>
        )}
        <Link to="/auth" className="text-sm underline underline-offset-2">
          {t("phoneSignIn.back")}
        </Link>
      </Card>
    </main>
  );
}
