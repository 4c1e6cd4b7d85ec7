import { requireProviderCallback } from "~/modules/auth/gates.server";
import { CALLBACK_MAX_BYTES } from "~/modules/ussd/constants";
import { answerUssd } from "~/modules/ussd/menu.server";
import { apiRoute } from "~/server/http/api-route.server";
import { readTextBody } from "~/server/http/api.server";

// POST /api/ussd?token=...: the USSD provider's callback (Africa's Talking), one call per screen.
// The form's fields: sessionId, serviceCode, phoneNumber, networkCode, and text (every answer of
// the session so far, joined by '*'). The answer is text/plain: "CON " and the next screen, or
// "END " and the last, in the caller's language, within 182 GSM characters.
const route = apiRoute({
  POST: async ({ request, context }) => {
    await requireProviderCallback(request, context.clientIp);
    const form = new URLSearchParams(await readTextBody(request, CALLBACK_MAX_BYTES));
    const screen = await answerUssd({
      sessionId: form.get("sessionId") ?? "",
      serviceCode: form.get("serviceCode") ?? "",
      phoneNumber: form.get("phoneNumber") ?? "",
      networkCode: form.get("networkCode") ?? "",
      text: form.get("text") ?? "",
    });
    return new Response(screen, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
