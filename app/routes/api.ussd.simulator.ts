import { z } from "zod";
import { getEnv } from "~/env.server";
import { normaliseNigerianPhone } from "~/lib/phone";
import { requireDemoPhone } from "~/modules/auth/gates.server";
import { CALLBACK_MAX_BYTES, USSD_MAX_TEXT } from "~/modules/ussd/constants";
import { answerUssd } from "~/modules/ussd/menu.server";
import { apiRoute } from "~/server/http/api-route.server";
import { readTextBody } from "~/server/http/api.server";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";

// POST /api/ussd/simulator, demo mode only: one screen of the demo's basic phone (/ussd), asked of
// the USSD menu in the server as the provider's callback (/api/ussd) would be, so the callback's
// token never reaches a browser. The form's fields: sessionId (the phone's own, "demo_" and a
// UUID), phoneNumber, and text (every answer so far, joined by '*'). Only for a number the caller
// may use there (a demo account's, or their own verified one): any other is 403. The answer is
// text/plain, "CON " or "END " and the screen, as the callback answers.

const INVALID = "errors.validation";
const SCREEN = z.object({
  sessionId: z.string(INVALID).regex(/^demo_[0-9a-f-]{36}$/, INVALID),
  phoneNumber: z.string(INVALID).max(40, INVALID),
  text: z.string(INVALID).max(USSD_MAX_TEXT, INVALID),
});

const route = apiRoute({
  POST: async ({ request }) => {
    const demo = await requireDemoPhone(request);
    const form = new URLSearchParams(await readTextBody(request, CALLBACK_MAX_BYTES));
    // One value per field: a repeated one is refused, not chosen from.
    const one = (name: string) => (form.getAll(name).length > 1 ? undefined : (form.get(name) ?? ""));
    const screen = validate(SCREEN, {
      sessionId: one("sessionId"),
      phoneNumber: one("phoneNumber"),
      text: one("text"),
    });
    const phone = normaliseNigerianPhone(screen.phoneNumber);
    if (!phone || !demo.mayUse(phone)) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "phoneSim.notYourNumber");
    const answer = await answerUssd({
      sessionId: screen.sessionId,
      serviceCode: getEnv().USSD_SERVICE_CODE,
      phoneNumber: phone,
      networkCode: "62130",
      text: screen.text,
    });
    return new Response(answer, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
