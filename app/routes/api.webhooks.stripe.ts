import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";
import { receiveWebhook } from "~/modules/payments/subscriptions.server";

const MAX_EVENT_BYTES = 512 * 1024;

// POST /api/webhooks/stripe: verified on the raw body (400 SEC_INVALID_TOKEN
// when the signature fails), stored once, applied by the payment-webhooks worker.
const route = apiRoute({
  POST: async ({ request }) => {
    if (Number(request.headers.get("Content-Length") ?? 0) > MAX_EVENT_BYTES) {
      throw new Refusal(413, "SEC_MALICIOUS_REQUEST", "The event is too large.");
    }
    const raw = await request.text();
    if (raw.length > MAX_EVENT_BYTES) throw new Refusal(413, "SEC_MALICIOUS_REQUEST", "The event is too large.");
    const received = await receiveWebhook(raw, request.headers.get("Stripe-Signature"));
    return Response.json({ received: true, ...received });
  },
});

export const loader = route.loader;
export const action = route.action;
