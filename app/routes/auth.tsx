import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthPage } from "~/components/auth/auth-page";
import type { PageHandle } from "~/components/shell/hydration";
import { passRetryAfter } from "~/lib/route-headers";
import { createAuthenticator, limitRegistration, startSignedInSession } from "~/modules/auth/auth.server";
import { readDeviceId } from "~/modules/auth/devices.server";
import { loginSchema, registerSchema, safeRedirect, type AuthIntent } from "~/modules/auth/schemas";
import { getSessionUser } from "~/modules/auth/session.server";
import { answerIntent, invalidSubmission } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { readPageForm } from "~/server/http/page-form.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Asiiko" }];

// Sent without the app (see hydration.ts): the forms post to this route's action,
// which answers with the page again (field messages, the 'Login failed' toast) or
// the redirect. Tabs are links (?tab=register); static-page.ts switches them in
// place, says 'Signing in...' and runs the toast. A reader who comes here from a
// page of the app gets the same page run by React.
export const handle: PageHandle = { hydrate: false };

// A sign-in told to wait says for how long in Retry-After too, as the API does.
export const headers = passRetryAfter;

// Public: the sign-in page (a signed-in reader is sent on).
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return null;
}

// Public: signing in and registering (limited per address, per known browser, and paced per account).
export async function action({ request, context }: ActionFunctionArgs) {
  // A copy: the sign-in strategy reads the request again (within the same cap, already read).
  const form = await readPageForm(request.clone());
  const intent: AuthIntent = form.get("intent") === "register" ? "register" : "login";
  const submission = parseWithZod(form, { schema: intent === "register" ? registerSchema : loginSchema });
  const language = detectLanguage(request);
  return answerIntent(
    language,
    intent,
    async () => {
      if (intent === "register") await limitRegistration(context.clientIp);
      if (submission.status !== "success") {
        return invalidSubmission(intent, submission, { hideFields: ["password"] });
      }
      const origin = { clientIp: context.clientIp, deviceId: await readDeviceId(request) };
      const user = await createAuthenticator(origin, language).authenticate(intent, request);
      return redirect(safeRedirect(form.get("redirectTo")), { headers: await startSignedInSession(request, user.id) });
    },
    { submission, hideFields: ["password"] },
  );
}

export default function Auth() {
  useLoaderData<typeof loader>();
  return <AuthPage />;
}
