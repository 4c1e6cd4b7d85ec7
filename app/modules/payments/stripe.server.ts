import Stripe from "stripe";
import { getEnv } from "~/env.server";

// The Stripe client when STRIPE_SECRET_KEY is set (STRIPE_API_BASE points it
// at another server speaking Stripe's API, as the tests do), and the secret its
// webhook events are signed with (STRIPE_WEBHOOK_SECRET, required with the key).

let client: Stripe | undefined;

export function isStripeConfigured() {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

export function stripeClient(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured");
  if (!client) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
            protocol: base.protocol.replace(":", "") as "http" | "https",
          }
        : {}),
    });
  }
  return client;
}

/**
 * The secret Stripe signs this site's webhook events with; null when Stripe is not configured, so
 * that no event is taken as Stripe's. Never derived from another secret.
 */
export function webhookSecret(): string | null {
  const env = getEnv();
  return isStripeConfigured() && env.STRIPE_WEBHOOK_SECRET ? env.STRIPE_WEBHOOK_SECRET : null;
}

/** Stripe's own signature check, usable without an API key. */
export function webhooks() {
  return Stripe.webhooks;
}
