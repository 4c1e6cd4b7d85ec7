import { paymentWebhookRoute } from "~/modules/payments/webhook-route.server";

// POST /api/webhooks/stripe: Stripe's events, signed in Stripe-Signature with the endpoint's secret.
const route = paymentWebhookRoute("stripe", "Stripe-Signature");

export const loader = route.loader;
export const action = route.action;
