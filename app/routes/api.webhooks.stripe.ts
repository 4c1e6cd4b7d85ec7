import { apiRoute } from "~/server/http/api-route.server";
import { readTextBody } from "~/server/http/api.server";
import { receiveWebhook } from "~/modules/payments/provider-events.server";

const MAX_EVENT_BYTES = 512 * 1024;

// POST /api/webhooks/stripe: verified on the raw body (400 SEC_INVALID_TOKEN
// when the signature fails), stored once, applied by the payment-webhooks worker.
const route = apiRoute({
  // Public: Stripe calls it; the signature on the raw body is the check, not a session.
  POST: async ({ request }) => {
    // Counted while it streams in: a body past the cap is refused before more of it is read.
    const raw = await readTextBody(request, MAX_EVENT_BYTES);
    const received = await receiveWebhook("stripe", raw, request.headers.get("Stripe-Signature"));
    return Response.json({ received: true, ...received });
  },
});

export const loader = route.loader;
export const action = route.action;
