import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { PaystackError } from "./paystack-client.server";
import { currentSubscriptionOf } from "./plan.server";
import type { PaymentMethod } from "./provider";
import { receiveWebhook } from "./provider-events.server";
import { checkoutProvider } from "./providers.server";
import { checkoutReturnPath } from "./return-path";
import { sandboxCheckoutEvent, type SandboxSession } from "./sandbox-provider.server";

// Paying for the monthly plan: a checkout with the configured provider, and
// 'Pay' on the built-in sandbox's checkout page.

/** How long to wait before trying again when the provider cannot be reached (seconds). */
const RETRY_AFTER_SECONDS = 30;

/**
 * Starts a checkout for the monthly plan; answers where to send the browser. `origin` is the
 * public address (PUBLIC_URL) an outside provider links back to; `returnTo`, the page to come back
 * to, is kept only when it is a safe path of this site (Settings otherwise). `method`: a card that
 * renews monthly (the default), or 30 days paid by transfer where the provider offers it; a month
 * paid by transfer can be paid again early, which adds its days.
 */
export async function createCheckout(
  userId: string,
  { origin, returnTo, method = "card" }: { origin: string; returnTo?: unknown; method?: PaymentMethod },
): Promise<{ checkoutUrl: string }> {
  const provider = checkoutProvider();
  // No payment provider and not a demo: nothing can take the payment, and nothing is granted.
  if (!provider) throw new Refusal("SYS_CONFIGURATION_ERROR", "premium.paymentsNotSetUp");
  if (!provider.methods.includes(method)) {
    throw new Refusal("VLD_REQUIRED_FIELD", "premium.errors.methodNotOffered");
  }
  const current = await currentSubscriptionOf(userId);
  if (current && !(current.method === "transfer" && method === "transfer")) {
    throw new Refusal(
      "DB_CONSTRAINT_VIOLATION",
      current.method === "transfer" ? "premium.errors.transferRunning" : "premium.errors.alreadySubscribed",
    );
  }
  try {
    return await provider.createCheckout({
      userId,
      amountNgn: getEnv().PREMIUM_PRICE_NGN,
      origin,
      returnPath: checkoutReturnPath(returnTo),
      method,
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    logger.error({ err: error, provider: provider.name }, "Failed to create checkout session");
    // Nothing could answer: nothing was started, and the payer can try again shortly.
    if (error instanceof PaystackError && error.retryable) {
      throw new Refusal("SYS_SERVICE_DEGRADED", "premium.errors.providerUnreachable", {
        headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
      });
    }
    throw new Refusal("PAY_PROCESSING_ERROR", "premium.errors.checkoutFailed");
  }
}

/**
 * 'Pay' on the sandbox page: the same signed checkout.session.completed event
 * Stripe would send, handed to the webhook receiver with its signature header.
 */
export async function completeSandboxCheckout(session: SandboxSession) {
  const { eventId, payload, signature } = sandboxCheckoutEvent(session);
  await receiveWebhook("sandbox", payload, signature);
  return eventId;
}
