import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { SmsPage } from "~/components/sms/sms-page";
import { isDemoMode } from "~/env.server";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { smsLog, smsProviderName } from "~/modules/sms/sms.server";
import { demoInboxFor } from "~/modules/sms/demo.server";
import { detectLanguage } from "~/server/i18n.server";

// /sms: in demo mode with no SMS provider, the demo SMS inbox: every text the product would have
// sent (codes included), so phones can be verified in a demo with no phone network. Any signed-in
// reader of the demo may open it (the demo banner links here) and sees the texts to the demo
// accounts' numbers, to their own verified number, and those sent for their account to a number
// nobody else has verified; administrators too (a code to someone else's number would take it
// over). Outside that, administrators' log of texts sent: to whom (masked), what became of each,
// and what they cost, never their words. Anyone else is told the page is for administrators (as
// the catalogue does).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = detectLanguage(request);
  if (isDemoMode() && smsProviderName() === "demo") {
    return { mode: "inbox" as const, locale, messages: await demoInboxFor(user.id) };
  }
  if (!isAdministrator(user)) return { mode: "denied" as const, locale };
  if (!smsProviderName()) return { mode: "none" as const, locale };
  return { mode: "log" as const, locale, ...(await smsLog()) };
}

export default function Sms() {
  const data = useLoaderData<typeof loader>();
  return <SmsPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("SmsPage");
