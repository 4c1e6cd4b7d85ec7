import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getEnv } from "~/env.server";
import { PhoneSimulator } from "~/components/ussd/phone-simulator";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { normaliseNigerianPhone } from "~/lib/phone";
import { intentGuard } from "~/lib/page-reply";
import { callbackToken } from "~/modules/ussd/callback.server";
import { demoCallers, demoTextsTo, requireDemo } from "~/modules/ussd/demo.server";
import { answerUssd } from "~/modules/ussd/menu.server";
import { receiveSms } from "~/modules/ussd/sms-commands.server";
import { readPageForm } from "~/server/http/page-form.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import phoneSimTexts from "~/locales/page-texts/phoneSim";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(phoneSimTexts) };

export const meta: MetaFunction = () => [{ title: "Basic phone · Asiiko" }];

// /ussd, demo mode only: a basic phone to try Asiiko by USSD and SMS without a network. The
// caller's number is a demo account's or typed; the short code is dialled and answered on a
// keypad. With the page's script, each screen is a POST to /api/ussd exactly as the provider
// sends it (the demo's callback token is given to this page, in demo mode only); without it, the
// page's form asks the same menu in the server. The texts the demo would send to the number are
// listed under the phone, and a text can be sent to Asiiko ("PRICE maize Kano").
// Public: a basic phone's caller has no web session; outside demo mode the page does not exist.
export async function loader({ request }: LoaderFunctionArgs) {
  requireDemo();
  const url = new URL(request.url);
  const phone = normaliseNigerianPhone(url.searchParams.get("phone") ?? "");
  const callers = await demoCallers();
  const selected = phone ?? callers[0]?.phone ?? null;
  return {
    locale: detectLanguage(request),
    callers,
    phone: selected,
    serviceCode: getEnv().USSD_SERVICE_CODE,
    callback: `/api/ussd?token=${encodeURIComponent(callbackToken() ?? "")}`,
    texts: selected ? await demoTextsTo(selected) : [],
  };
}

const INTENTS = ["call", "send", "end", "text"] as const;
const isIntent = intentGuard(INTENTS);

/** The form's number: the call's own during a call; else typed when typed, else the chosen demo account's. */
function formPhone(form: FormData) {
  const typed = String(form.get("caller") ?? form.get("typedPhone") ?? "").trim();
  return normaliseNigerianPhone(typed || String(form.get("phone") ?? ""));
}

// Public: as the loader; the menu's own checks apply to what is typed, as for a real phone.
export async function action({ request }: ActionFunctionArgs) {
  requireDemo();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  const phone = formPhone(form);
  if (!phone) return pageSuccess(intent, { data: { phone: null, screen: null, sessionId: "", text: "", ended: true } });
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
    text: intent === "call" ? "" : text,
  });
  return pageSuccess(intent, {
    data: { phone, screen, sessionId, text: intent === "call" ? "" : text, ended: screen.startsWith("END ") },
  });
}

export default function UssdPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <PhoneSimulator {...data} reply={reply?.data ?? null} />;
}

export const ErrorBoundary = pageErrorBoundary("ussd");
