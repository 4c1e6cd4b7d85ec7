import { NEWSLETTER_MAX_BYTES } from "~/modules/newsletter/constants";
import { limitSubscribe, subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";

// POST /api/newsletter { email }: 200 { success, data: { subscribed: true } } whether or not the
// address was known (the answer never tells); 400 VLD_INVALID_EMAIL; 429 past the address's limit.
const route = apiRoute({
  // Public: anyone may subscribe an address (limited per address, body capped).
  POST: async ({ request, context }) => {
    await limitSubscribe(context.clientIp);
    await subscribeToNewsletter(await readJsonBody(request, NEWSLETTER_MAX_BYTES), detectLanguage(request));
    return Response.json({ success: true, data: { subscribed: true } }, { headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
