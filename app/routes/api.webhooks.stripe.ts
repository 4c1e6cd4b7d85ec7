import { paymentWebhookRoute } from "~/modules/payments/webhook-route.server";

// POST /api/webhooks/stripe: Stripe's events, signed in Stripe-Signature with the endpoint's secret.
// Public: Stripe calls it; the signature on the raw body is the check, not a session.
const route = paymentWebhookRoute("stripe", "Stripe-Signature");

export const loader = route.loader;
export const action = route.action;
