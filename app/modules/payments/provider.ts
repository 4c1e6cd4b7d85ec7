import type {
  PaymentMethod,
  PaymentProvider as StoredProviderName,
  SubscriptionStatus,
} from "~/generated/prisma/client";

// What the product needs from a payment provider (Paystack, Stripe, the built-in
// sandbox): start a checkout (by card, or by transfer where offered), verify and
// read its webhook events, say how a subscription stands, stop renewal, open the
// page where the card is changed. Everything provider-specific (API
// calls, event shapes, statuses) stays behind this; the rest of the payments
// module speaks only these terms. The name stored on subscriptions and events
// is the provider's `name`, and picks the implementation again later.

export type PaymentProviderName = StoredProviderName;
export type { PaymentMethod, SubscriptionStatus };

export interface PaidPeriod {
  start: Date;
  end: Date;
}

/** A subscription as its provider has it. */
export interface ProviderSubscription {
  status: SubscriptionStatus;
  period: PaidPeriod;
  /** The price it is billed at, when the provider says (Stripe's item price; the sandbox has none). */
  price?: { id: string; amountKobo: number | null; currency: string; interval: string | null } | null;
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
      /** The provider's id of the checkout: the payment it took is recorded under it. */
      checkoutId: string | null;
      userId: string | null;
      /** The provider's id of the subscription the checkout started (none for another kind of checkout). */
      subscriptionId: string | null;
      customerId: string | null;
      /** What the checkout took (Stripe's amount_total and currency); null when the event does not say. */
      amountKobo: number | null;
      currency: string | null;
      /** When the checkout was completed. */
      at: Date;
    }
  | {
      kind: "renewed";
      subscriptionId: string | null;
      /** The period paid for, when the event says. */
      period: Partial<PaidPeriod>;
      /** The renewal's payment, to record (none when another event records it, or the event does not carry it). */
      payment?: { id: string; amountKobo: number; paidAt: Date };
      /** What the invoice says was charged, held against what the subscription was sold at. */
      charged: { amountKobo: number | null; currency: string | null; price: string | null };
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
  | {
      /** Money received (Paystack's charge.success), for a payment started here or a card's renewal. */
      kind: "payment";
      /** The provider's id of the transaction. */
      transactionId: string;
      /** The transaction's reference: ours for a payment started here, the provider's for a renewal. */
      reference: string;
      amountKobo: number;
      currency: string;
      channel: string;
      paidAt: Date;
      customerCode: string | null;
      /** The plan, when the payment was for one (a card subscription's first payment or a renewal). */
      planCode: string | null;
    }
  | {
      /** The provider names the card subscription a first payment started (Paystack's subscription.create). */
      kind: "subscription_started";
      subscriptionId: string;
      emailToken: string | null;
      customerCode: string;
      nextPaymentDate: Date | null;
      /** The plan it renews on. */
      planCode: string | null;
    }
  | {
      /** No more renewals (`final`: the provider has disabled it); access lasts to the end of the paid period. */
      kind: "stopped";
      subscriptionId: string;
      final: boolean;
    }
  | { kind: "renewal_failed"; subscriptionId: string; at: Date }
  | { kind: "unused"; type: string };

/** A subscription as it is stored here, with what the provider needs to act on it. */
export interface StoredSubscription {
  externalId: string;
  emailToken: string | null;
  method: PaymentMethod;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The ways to pay it offers: a card that renews monthly, and/or 30 days paid by transfer. */
  readonly methods: readonly PaymentMethod[];
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
    method: PaymentMethod;
  }): Promise<{ checkoutUrl: string }>;
  /** Checks a webhook on its raw body and signature header; null when it is not genuine. */
  verifyEvent(rawBody: string, signature: string | null): VerifiedEvent | null;
  /** Reads a stored event's payload (as `verifyEvent` gave it). */
  readEvent(payload: unknown): SubscriptionChange;
  /** How the subscription a checkout started stands now (`startedAt`: when that checkout completed). */
  fetchSubscription(subscription: { externalId: string; startedAt: Date }): Promise<ProviderSubscription>;
  /** Stops renewal; the provider keeps the subscription to the end of the paid period. */
  cancelAtPeriodEnd(subscription: StoredSubscription): Promise<void>;
  /** A page of the provider's where the customer changes the card a subscription renews on, if it has one. */
  cardUpdateLink?(subscription: StoredSubscription): Promise<string>;
}
