// A payment grants only what it paid for: the amount, the currency and the plan (or, for a payment
// started here, the reference) must be what Asiiko sold, else the event is recorded as ignored, with
// why, for the operators' page (docs/decisions/0001-a-payment-grants-what-it-paid-for.md).
// Isomorphic: the page translates the reasons.

/** Why a provider's payment granted nothing. */
export const IGNORED_PAYMENT_REASONS = [
  /** A reference Asiiko never started, and no renewal of a subscription of ours. */
  "unknown_reference",
  /** A renewal for a customer with no card subscription here. */
  "unknown_subscription",
  /** Not the plan (Paystack) or the price (Stripe) Asiiko sold that subscription on. */
  "wrong_plan",
  "wrong_currency",
  "wrong_amount",
] as const;
export type IgnoredPaymentReason = (typeof IGNORED_PAYMENT_REASONS)[number];

export const SOLD_CURRENCY = "NGN";

/** What a payment said, beside what Asiiko expected of it; null where unknown. */
export interface PaymentFacts {
  reference: string | null;
  amountKobo: number | null;
  currency: string | null;
  plan: string | null;
  expectedKobo: number | null;
  expectedPlan: string | null;
}

export interface IgnoredPayment {
  reason: IgnoredPaymentReason;
  facts: PaymentFacts;
}

/**
 * Null when `paid` is what was sold, else why not. `sold.plan`: the plan or price it must be on
 * (null: one was required and none is known, so none matches); leave it out where there is no
 * plan to compare.
 */
export function paymentMismatch(
  paid: { amountKobo: number | null; currency: string | null; plan?: string | null },
  sold: { amountKobo: number; plan?: string | null },
): IgnoredPaymentReason | null {
  if (sold.plan !== undefined && (sold.plan === null || paid.plan !== sold.plan)) return "wrong_plan";
  if (paid.currency?.toUpperCase() !== SOLD_CURRENCY) return "wrong_currency";
  if (paid.amountKobo !== sold.amountKobo) return "wrong_amount";
  return null;
}

/** The record of an ignored payment, from what it said and what was expected. */
export function ignoredPayment(
  reason: IgnoredPaymentReason,
  paid: { reference?: string | null; amountKobo: number | null; currency: string | null; plan?: string | null },
  expected: { amountKobo?: number | null; plan?: string | null } = {},
): IgnoredPayment {
  return {
    reason,
    facts: {
      reference: paid.reference ?? null,
      amountKobo: paid.amountKobo,
      currency: paid.currency,
      plan: paid.plan ?? null,
      expectedKobo: expected.amountKobo ?? null,
      expectedPlan: expected.plan ?? null,
    },
  };
}

export const isIgnoredPaymentReason = (value: unknown): value is IgnoredPaymentReason =>
  (IGNORED_PAYMENT_REASONS as readonly unknown[]).includes(value);
