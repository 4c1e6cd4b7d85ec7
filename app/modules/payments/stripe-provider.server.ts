import type Stripe from "stripe";
import { prisma } from "~/server/db.server";
import type { PaymentProvider, SubscriptionChange, SubscriptionStatus, VerifiedEvent } from "./provider";
import { withCheckoutResult } from "./return-path";
import { stripeClient, webhooks, webhookSecret } from "./stripe.server";

// Stripe behind the payment provider interface: Stripe Checkout for a monthly
// NGN subscription, Stripe's signed webhook events, the subscription as Stripe
// has it, cancellation at the end of the paid period.

export const PRICE_LOOKUP_KEY = "asiiko_premium_monthly_ngn";
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "invoice.paid",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

async function premiumPriceId(stripe: Stripe, amountNgn: number) {
  const found = await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
  const existing = found.data[0];
  if (existing && existing.unit_amount === amountNgn * 100 && existing.currency === "ngn") return existing.id;
  const created = await stripe.prices.create({
    currency: "ngn",
    unit_amount: amountNgn * 100,
    recurring: { interval: "month" },
    lookup_key: PRICE_LOOKUP_KEY,
    transfer_lookup_key: true,
    product_data: { name: "Asiiko Premium" },
  });
  return created.id;
}

async function stripeCustomerFor(
  stripe: Stripe,
  user: { id: string; email: string | null; firstName: string; lastName: string; stripeCustomerId: string | null },
) {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({
    email: user.email ?? undefined,
    name: `${user.firstName} ${user.lastName}`,
    metadata: { userId: user.id },
  });
  await prisma.user.update({ where: { id: user.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

function mapStatus(status: string): SubscriptionStatus {
  if (status === "active" || status === "trialing") return "active";
  if (status === "past_due" || status === "unpaid") return "past_due";
  if (status === "incomplete") return "incomplete";
  return "canceled";
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The paid period of a Stripe subscription (newer API versions keep it on the items), if it has one. */
function periodOf(subscription: Stripe.Subscription) {
  const raw = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const item = subscription.items?.data?.[0] as unknown as
    { current_period_start?: number; current_period_end?: number } | undefined;
  const start = raw.current_period_start ?? item?.current_period_start;
  const end = raw.current_period_end ?? item?.current_period_end;
  return start && end ? { start: fromUnix(start), end: fromUnix(end) } : null;
}

/** The price a Stripe subscription is billed at (its first item's), if Stripe answered one. */
function priceOf(subscription: Stripe.Subscription) {
  const price = subscription.items?.data?.[0]?.price;
  if (!price?.id) return null;
  return {
    id: price.id,
    amountKobo: typeof price.unit_amount === "number" ? price.unit_amount : null,
    currency: price.currency,
    interval: price.recurring?.interval ?? null,
  };
}

/** Checks an event signed as Stripe signs them, with `secret` (the sandbox signs its own the same way, with its own secret). */
export function verifyStripeSignedEvent(
  rawBody: string,
  signature: string | null,
  secret: string,
): VerifiedEvent | null {
  let event: Stripe.Event;
  try {
    event = webhooks().constructEvent(rawBody, signature ?? "", secret);
  } catch {
    return null;
  }
  const handled = (HANDLED_EVENTS as readonly string[]).includes(event.type);
  return { id: event.id, type: event.type, handled, payload: event };
}

/** Reads an event in Stripe's shape (the sandbox's events have it too). */
export function readStripeEvent(payload: unknown): SubscriptionChange {
  const event = payload as Stripe.Event;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object as Stripe.Checkout.Session;
      return {
        kind: "checkout_completed",
        checkoutId: session.id ?? null,
        userId: session.metadata?.userId ?? session.client_reference_id ?? null,
        subscriptionId:
          (typeof session.subscription === "string" ? session.subscription : session.subscription?.id) ?? null,
        customerId: typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null),
        amountKobo: typeof session.amount_total === "number" ? session.amount_total : null,
        currency: session.currency ?? null,
        at: fromUnix(event.created),
      };
    }
    case "invoice.paid": {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: string } } }).parent;
      const subscriptionId =
        (typeof invoice.subscription === "string" ? invoice.subscription : invoice.subscription?.id) ??
        parent?.subscription_details?.subscription ??
        null;
      const line = invoice.lines?.data?.[0];
      // Older API versions carry the line's price, newer ones its id under pricing.
      const linePrice = line as unknown as
        { price?: { id?: string } | null; pricing?: { price_details?: { price?: string } } } | undefined;
      // The first invoice is the checkout's payment, recorded with the checkout; later ones are renewals.
      const renewal = invoice.billing_reason !== "subscription_create" && typeof invoice.amount_paid === "number";
      return {
        kind: "renewed",
        subscriptionId,
        period: {
          start: line?.period?.start ? fromUnix(line.period.start) : undefined,
          end: line?.period?.end ? fromUnix(line.period.end) : undefined,
        },
        charged: {
          amountKobo: typeof invoice.amount_paid === "number" ? invoice.amount_paid : null,
          currency: invoice.currency ?? null,
          price: linePrice?.price?.id ?? linePrice?.pricing?.price_details?.price ?? null,
        },
        ...(renewal && invoice.id
          ? {
              payment: {
                id: invoice.id,
                amountKobo: invoice.amount_paid,
                paidAt: invoice.status_transitions?.paid_at
                  ? fromUnix(invoice.status_transitions.paid_at)
                  : fromUnix(event.created),
              },
            }
          : {}),
      };
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object as Stripe.Subscription;
      return {
        kind: "updated",
        subscriptionId: subscription.id,
        status: mapStatus(subscription.status),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        period: periodOf(subscription),
      };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object as Stripe.Subscription;
      return {
        kind: "ended",
        subscriptionId: subscription.id,
        endedAt: subscription.ended_at ? fromUnix(subscription.ended_at) : null,
      };
    }
    default:
      return { kind: "unused", type: event.type };
  }
}

export const stripeProvider: PaymentProvider = {
  name: "stripe",
  methods: ["card"],

  async createCheckout({ userId, amountNgn, origin, returnPath }) {
    const user = await prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, firstName: true, lastName: true, stripeCustomerId: true },
    });
    const stripe = stripeClient();
    const [customer, price] = await Promise.all([stripeCustomerFor(stripe, user), premiumPriceId(stripe, amountNgn)]);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      // Stripe sends the browser back to the page the upgrade started from, at the public address.
      success_url: `${origin}${withCheckoutResult(returnPath, "success")}`,
      cancel_url: `${origin}${withCheckoutResult(returnPath, "cancelled")}`,
    });
    if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
    return { checkoutUrl: session.url };
  },

  verifyEvent(rawBody, signature) {
    // Without Stripe configured, nothing is Stripe's event.
    const secret = webhookSecret();
    return secret ? verifyStripeSignedEvent(rawBody, signature, secret) : null;
  },
  readEvent: readStripeEvent,

  async fetchSubscription({ externalId }) {
    const subscription = await stripeClient().subscriptions.retrieve(externalId);
    const period = periodOf(subscription);
    if (!period) throw new Error(`subscription ${subscription.id} has no current period`);
    return { status: mapStatus(subscription.status), period, price: priceOf(subscription) };
  },

  async cancelAtPeriodEnd({ externalId }) {
    await stripeClient().subscriptions.update(externalId, { cancel_at_period_end: true });
  },
};
