import { paymentWebhookRoute } from "~/modules/payments/webhook-route.server";

// POST /api/webhooks/paystack: Paystack's events; the raw body's HMAC-SHA512 with the secret key must
// match x-paystack-signature. Each is stored once under its identity (Paystack's events carry no id).
// Public: Paystack calls it; the signature on the raw body is the check, not a session.
const route = paymentWebhookRoute("paystack", "x-paystack-signature");

export const loader = route.loader;
export const action = route.action;
