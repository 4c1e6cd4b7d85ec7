import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { currentSubscriptionOf } from "./plan.server";
import { receiveWebhook } from "./provider-events.server";
import { checkoutProvider } from "./providers.server";
import { checkoutReturnPath } from "./return-path";
import { sandboxCheckoutEvent, type SandboxSession } from "./sandbox-provider.server";

// Paying for the monthly plan: a checkout with the configured provider, and
// 'Pay' on the built-in sandbox's checkout page.

/**
 * Starts a checkout for the monthly plan; answers where to send the browser. `origin` is the
 * public address (PUBLIC_URL) an outside provider links back to; `returnTo`, the page to come back
 * to, is kept only when it is a safe path of this site (Settings otherwise).
 */
export async function createCheckout(
  userId: string,
  { origin, returnTo }: { origin: string; returnTo?: unknown },
): Promise<{ checkoutUrl: string }> {
  const provider = checkoutProvider();
  // No Stripe account and not a demo: nothing can take the payment, and nothing is granted.
  if (!provider) throw new Refusal(503, "SYS_CONFIGURATION_ERROR", "premium.paymentsNotSetUp");
  if (await currentSubscriptionOf(userId)) {
    throw new Refusal(409, "PAY_PROCESSING_ERROR", "premium.errors.alreadySubscribed");
  }
  try {
    return await provider.createCheckout({
      userId,
      amountNgn: getEnv().PREMIUM_PRICE_NGN,
      origin,
      returnPath: checkoutReturnPath(returnTo),
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    logger.error({ err: error, provider: provider.name }, "Failed to create checkout session");
    throw new Refusal(502, "PAY_PROCESSING_ERROR", "premium.errors.checkoutFailed");
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
