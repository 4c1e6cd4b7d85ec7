import type { PaymentProvider as StoredProviderName, SubscriptionStatus } from "~/generated/prisma/client";

// What the product needs from a payment provider (Stripe, the built-in sandbox,
// and the next one): start a checkout, verify and read its webhook events, say
// how a subscription stands, stop renewal. Everything provider-specific (API
// calls, event shapes, statuses) stays behind this; the rest of the payments
// module speaks only these terms. The name stored on subscriptions and events
// is the provider's `name`, and picks the implementation again later.

export type PaymentProviderName = StoredProviderName;
export type { SubscriptionStatus };

export interface PaidPeriod {
  start: Date;
  end: Date;
}

/** A subscription as its provider has it. */
export interface ProviderSubscription {
  status: SubscriptionStatus;
  period: PaidPeriod;
}

/** A webhook event whose signature held: stored under its id as it came. */
export interface VerifiedEvent {
  id: string;
  type: string;
  /** Whether the event can change a subscription (others are stored as ignored). */
  handled: boolean;
  payload: unknown;
}

/** What a stored event means for the product's subscriptions, whatever the provider's shape. */
export type SubscriptionChange =
  | {
      kind: "checkout_completed";
      userId: string | null;
      /** The provider's id of the subscription the checkout started (none for another kind of checkout). */
      subscriptionId: string | null;
      customerId: string | null;
      amountNgn: number | null;
      /** When the checkout was completed. */
      at: Date;
    }
  | {
      kind: "renewed";
      subscriptionId: string | null;
      /** The period paid for, when the event says. */
      period: Partial<PaidPeriod>;
    }
  | {
      kind: "updated";
      subscriptionId: string;
      status: SubscriptionStatus;
      cancelAtPeriodEnd: boolean;
      /** Null when the event carries no current period (it is then refused). */
      period: PaidPeriod | null;
    }
  | { kind: "ended"; subscriptionId: string; endedAt: Date | null }
  | { kind: "unused"; type: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Starts paying for the monthly plan; answers where to send the browser: a path for a checkout
   * on our own origin, an absolute address for the provider's. `origin` (PUBLIC_URL) is only for
   * the provider's links back to us; `returnPath` is the safe path of the page to come back to.
   */
  createCheckout(checkout: {
    userId: string;
    amountNgn: number;
    origin: string;
    returnPath: string;
  }): Promise<{ checkoutUrl: string }>;
  /** Checks a webhook on its raw body and signature header; null when it is not genuine. */
  verifyEvent(rawBody: string, signature: string | null): VerifiedEvent | null;
  /** Reads a stored event's payload (as `verifyEvent` gave it). */
  readEvent(payload: unknown): SubscriptionChange;
  /** How the subscription a checkout started stands now (`startedAt`: when that checkout completed). */
  fetchSubscription(subscription: { externalId: string; startedAt: Date }): Promise<ProviderSubscription>;
  /** Stops renewal; the provider keeps the subscription to the end of the paid period. */
  cancelAtPeriodEnd(externalId: string): Promise<void>;
}
