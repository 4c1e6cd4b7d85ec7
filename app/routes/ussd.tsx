import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getEnv } from "~/env.server";
import { PhoneSimulator } from "~/components/ussd/phone-simulator";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { normaliseNigerianPhone } from "~/lib/phone";
import { intentGuard } from "~/lib/page-reply";
import { requireDemoPhone } from "~/modules/auth/gates.server";
import { demoTextsTo } from "~/modules/sms/demo.server";
import { answerUssd } from "~/modules/ussd/menu.server";
import { receiveSms } from "~/modules/ussd/sms-commands.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import phoneSimTexts from "~/locales/page-texts/phoneSim";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(phoneSimTexts) };

export const meta: MetaFunction = () => [{ title: "Basic phone · Asiiko" }];

// /ussd, demo mode only: a basic phone to try Asiiko by USSD and SMS without a network. The
// caller's number is a demo account's, or the signed-in person's own verified number: nobody
// else's, since a call acts for the number's account and its texts carry its codes. Each screen
// is a POST to this page's action (by the page's script, or its form without it), which asks the
// USSD menu in the server as the provider's callback would: the callback's token never leaves the
// server. The texts the demo would send to the number are listed under the phone, and a text can
// be sent to Asiiko ("PRICE maize Kano").
export async function loader({ request }: LoaderFunctionArgs) {
  const demo = await requireDemoPhone(request);
  const asked = normaliseNigerianPhone(new URL(request.url).searchParams.get("phone") ?? "");
  const selected = asked && demo.mayUse(asked) ? asked : (demo.callers[0]?.phone ?? null);
  return {
    locale: detectLanguage(request),
    callers: demo.callers,
    signedIn: demo.user !== null,
    phone: selected,
    serviceCode: getEnv().USSD_SERVICE_CODE,
    texts: selected ? await demoTextsTo(selected) : [],
  };
}

const INTENTS = ["call", "send", "end", "text"] as const;
const isIntent = intentGuard(INTENTS);

/** The form's number: the call's own during a call, else the one chosen. */
function formPhone(form: FormData) {
  return normaliseNigerianPhone(String(form.get("caller") ?? form.get("phone") ?? "").trim());
}

export async function action({ request }: ActionFunctionArgs) {
  const demo = await requireDemoPhone(request);
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  const phone = formPhone(form);
  return answerIntent(request, intent, async () => {
    if (!phone || !demo.mayUse(phone))
      throw new Refusal(403, "AUTHZ_INSUFFICIENT_PERMISSIONS", "phoneSim.notYourNumber");
    if (intent === "text") {
      await receiveSms({ from: phone, text: String(form.get("message") ?? "").slice(0, 500) });
      // The number's texts, the answer among them.
      return redirect(`/ussd?phone=${encodeURIComponent(phone)}`);
    }
    if (intent === "end")
      return pageSuccess(intent, { data: { phone, screen: null, sessionId: "", text: "", ended: true } });
    const sessionId = intent === "call" ? `demo_${crypto.randomUUID()}` : String(form.get("sessionId") ?? "");
    const before = String(form.get("text") ?? "");
    const answer = String(form.get("answer") ?? "").trim();
    const text = intent === "call" ? "" : before === "" ? answer : `${before}*${answer}`;
    const screen = await answerUssd({
      sessionId,
      serviceCode: getEnv().USSD_SERVICE_CODE,
      phoneNumber: phone,
      networkCode: "62130",
      text,
    });
    return pageSuccess(intent, { data: { phone, screen, sessionId, text, ended: screen.startsWith("END ") } });
  });
}

export default function UssdPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <PhoneSimulator {...data} reply={reply ?? null} />;
}

export const ErrorBoundary = pageErrorBoundary("ussd");
