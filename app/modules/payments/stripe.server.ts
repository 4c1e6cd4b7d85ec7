import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { getEnv, sessionSecrets } from "~/env.server";

// The Stripe client when STRIPE_SECRET_KEY is set (STRIPE_API_BASE points it
// at another server speaking Stripe's API, as the tests do), and the webhook
// secret: Stripe's when configured, else one derived for the built-in sandbox.

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

/** Verifies signatures of webhook events; the sandbox checkout signs with the same secret. */
export function webhookSecret() {
  const env = getEnv();
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  return `whsec_sandbox_${createHmac("sha256", sessionSecrets(env)[0]!).update("asiiko-sandbox-webhook").digest("hex")}`;
}

/** Stripe's own signature check, usable without an API key. */
export function webhooks() {
  return Stripe.webhooks;
}
