import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PhoneSignInPage } from "~/components/auth/phone-sign-in-page";
import { intentGuard } from "~/lib/page-reply";
import { startSignedInSession } from "~/modules/auth/auth.server";
import { hasPassword } from "~/modules/auth/password.server";
import { confirmSignInCode, requestSignInCode } from "~/modules/auth/phone-sign-in.server";
import { safeRedirect } from "~/modules/auth/schemas";
import { getSessionUser } from "~/modules/auth/session.server";
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

export default function PhoneSignIn() {
  const data = useLoaderData<typeof loader>();
  return <PhoneSignInPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("auth-phone");
