import { requireProviderCallback } from "~/modules/auth/gates.server";
import { CALLBACK_MAX_BYTES } from "~/modules/ussd/constants";
import { receiveSms } from "~/modules/ussd/sms-commands.server";
import { apiRoute } from "~/server/http/api-route.server";
import { readTextBody } from "~/server/http/api.server";

// POST /api/sms/incoming?token=...: a text sent to Asiiko's number or short code, as the SMS
// provider (Africa's Talking) posts it: from, to, text, date, id, linkId. "PRICE maize Kano" is
// answered by SMS with the week's price, anything else with how to ask (sms-commands.server.ts).
const route = apiRoute({
  POST: async ({ request, context }) => {
    await requireProviderCallback(request, context.clientIp);
    const form = new URLSearchParams(await readTextBody(request, CALLBACK_MAX_BYTES));
    const outcome = await receiveSms({ from: form.get("from") ?? "", text: form.get("text") ?? "" });
    return Response.json({ received: true, outcome });
  },
});

export const loader = route.loader;
export const action = route.action;
