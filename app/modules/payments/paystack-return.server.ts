import { logger } from "~/server/logger.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { RETURN_VERIFICATIONS } from "./limits.server";
import { prisma } from "~/server/db.server";
import { paystackClient, verifiedChargeEvent } from "./paystack-provider.server";
import { storePaymentEvent, waitForPaymentEvent } from "./provider-events.server";
import { DEFAULT_CHECKOUT_RETURN, withCheckoutResult } from "./return-path";

// Back from Paystack's checkout (its callback_url, with ?reference=): the return alone proves
// nothing. The payment is verified with Paystack by its reference; only a transaction Paystack calls
// successful is stored, as the charge.success it is (the same identity, so the webhook's copy of it
// changes nothing more), and applied by the payment-webhooks worker to the account that started it.

/** Paystack's statuses of a payment that did not happen (the payer left, or it was declined). */
const NOT_PAID = new Set(["abandoned", "failed", "reversed"]);

/** Where to send the browser back to, saying how the payment went. */
export async function settlePaystackReturn(userId: string, reference: string | null): Promise<string> {
  // Only a reference of the shape ours have (newReference) can name a checkout: nothing else is looked up.
  const checkout =
    reference && /^asiiko_[0-9a-f]{24}$/.test(reference)
      ? await prisma.paymentCheckout.findUnique({ where: { reference } })
      : null;
  // Someone else's payment, or none at all: nothing to say about it.
  if (!checkout || checkout.userId !== userId || checkout.provider !== "paystack") return DEFAULT_CHECKOUT_RETURN;
  if (checkout.paidAt) return withCheckoutResult(checkout.returnPath, "success");
  // Coming back again and again does not ask Paystack again and again: past the limit, the event decides.
  try {
    await hitRateLimits([{ limit: RETURN_VERIFICATIONS, key: userId }]);
  } catch (error) {
    if (error instanceof Refusal) return withCheckoutResult(checkout.returnPath, "pending");
    throw error;
  }
  let transaction;
  try {
    transaction = await paystackClient().verifyTransaction(checkout.reference);
  } catch (error) {
    // Paystack could not say: the payment's event will, when it comes.
    logger.warn({ err: error, reference: checkout.reference }, "Paystack could not verify a returning payment");
    return withCheckoutResult(checkout.returnPath, "pending");
  }
  if (transaction.reference !== checkout.reference) return withCheckoutResult(checkout.returnPath, "pending");
  if (transaction.status === "success") {
    const { eventId } = await storePaymentEvent("paystack", verifiedChargeEvent(transaction));
    // The worker grants Premium; give it a moment so the page shows it.
    const status = await waitForPaymentEvent(eventId);
    return withCheckoutResult(checkout.returnPath, status === "processed" ? "success" : "pending");
  }
  if (NOT_PAID.has(transaction.status)) return withCheckoutResult(checkout.returnPath, "cancelled");
  // A transfer the bank has not confirmed yet.
  return withCheckoutResult(checkout.returnPath, "pending");
}
