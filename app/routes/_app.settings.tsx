import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { SettingsPage } from "~/components/settings/settings-page";
import { endOtherSessions, listSignedInDevices, signOutDevice } from "~/modules/auth/devices.server";
import { requireUser } from "~/modules/auth/gates.server";
import { DEVICE_SIGN_OUT, type SettingsIntent } from "~/modules/auth/constants";
import { clearedSessionCookie, readSessionId } from "~/modules/auth/session.server";
import { readPageForm } from "~/server/http/page-form.server";
import { Refusal } from "~/server/refusal";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { cancelSubscription, getPlan, listPayments } from "~/modules/payments/plan.server";
import { latestExport } from "~/modules/account-data/exports.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import accountDataTexts from "~/locales/page-texts/accountData";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(accountDataTexts) };

// Settings: language and theme, the plan (trial, Premium, how it is paid, renewal or end, cancel,
// the card, another month by transfer), the payments made with their receipts, and the devices the
// account is signed in on, each of which can be signed out from here.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Four reads that do not wait on one another.
  const [plan, payments, devices, dataExport] = await Promise.all([
    getPlan(user.id),
    listPayments(user.id),
    readSessionId(request).then((sessionId) => listSignedInDevices(user.id, sessionId)),
    latestExport(user.id),
  ]);
  return { plan, payments, devices, locale: detectLanguage(request), dataExport };
}

/** Back to sign in, this browser's session cookie cleared, saying when every device was signed out. */
const toSignIn = async (request: Request, everywhere: boolean) =>
  redirect(everywhere ? "/auth?signedOut=everywhere" : "/auth", {
    headers: { "Set-Cookie": await clearedSessionCookie(request) },
  });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readPageForm(request);
  const intent = form.get("intent");
  const currentSession = await readSessionId(request);
  if (intent === DEVICE_SIGN_OUT.everywhere) {
    // Every session of the account ends, this one too, and every browser is forgotten (a lost phone, a shared computer).
    await endOtherSessions(user.id, null);
    return toSignIn(request, true);
  }
  if (intent === DEVICE_SIGN_OUT.others) {
    await endOtherSessions(user.id, currentSession);
    return pageSuccess<SettingsIntent>(DEVICE_SIGN_OUT.others);
  }
  if (intent === DEVICE_SIGN_OUT.device) {
    const session = form.get("session");
    return answerIntent(request, DEVICE_SIGN_OUT.device, async () => {
      const ended = typeof session === "string" ? await signOutDevice(user.id, session) : null;
      if (!ended) throw new Refusal("DB_RECORD_NOT_FOUND", "pages.devices.notFound");
      return ended === currentSession ? toSignIn(request, false) : pageSuccess<SettingsIntent>(DEVICE_SIGN_OUT.device);
    });
  }
  // What is left is the plan's button: stop its renewal.
  return answerIntent(request, "cancel", async () => {
    await cancelSubscription(user.id);
    return pageSuccess<SettingsIntent>("cancel");
  });
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  return <SettingsPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("SettingsPage");
