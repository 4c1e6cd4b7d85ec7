import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "~/components/shell/brand-mark";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { formatNigerianPhone } from "~/lib/phone";
import { intentGuard, type PageReply } from "~/lib/page-reply";
import { startSignedInSession } from "~/modules/auth/auth.server";
import { hasPassword } from "~/modules/auth/password.server";
import { confirmSignInCode, requestSignInCode } from "~/modules/auth/phone-sign-in.server";
import { safeRedirect } from "~/modules/auth/schemas";
import { getSessionUser } from "~/modules/auth/session.server";
import { CODE_LENGTH, CODE_MINUTES } from "~/modules/phones/constants";
import { smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";

export const meta: MetaFunction = () => [{ title: "Sign in by SMS · Asiiko" }];

// /auth/phone: signing in with a code sent by SMS to the account's verified phone, how an account
// made on a basic phone (USSD) reaches the web; Profile then offers it a password. Two plain
// forms (no script needed): the number, then the code. Asking answers the same whether or not the
// number is an account's.
// Public: signing in (limited per number and per network address, five tries per code).
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    canText: smsProviderName() !== null,
  };
}

const INTENTS = ["send", "confirm"] as const;
const isIntent = intentGuard(INTENTS);

// Public: as the loader.
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  const typed = String(form.get("phone") ?? "");
  return answerIntent(detectLanguage(request), intent, async () => {
    if (intent === "send") {
      const { phone } = await requestSignInCode(typed, context.clientIp);
      return pageSuccess(intent, { data: { phone } });
    }
    const userId = await confirmSignInCode(typed, String(form.get("code") ?? "").slice(0, 20), context.clientIp);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
    // An account without a password (made on a basic phone) is offered one first.
    const next = hasPassword(user.passwordHash) ? safeRedirect(form.get("redirectTo")) : "/profile#set-password";
    return redirect(next, { headers: await startSignedInSession(request, userId) });
  });
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

export default function PhoneSignIn() {
  const { redirectTo, canText } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PageReply<(typeof INTENTS)[number], { phone: string }> | undefined;
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

export const ErrorBoundary = pageErrorBoundary("auth-phone");
