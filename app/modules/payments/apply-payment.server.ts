import { Prisma } from "~/generated/prisma/client";
import { ignoredPayment, paymentMismatch, type IgnoredPayment } from "./payment-match";
import { koboToNaira } from "./paystack-client.server";
import type { PaymentProviderName, SubscriptionChange } from "./provider";
import { RetryLater } from "./retry-later";

// What a provider that reports payments by our reference (Paystack) changes, inside the worker's
// transaction that claims the event: a payment started here grants Premium to the account recorded
// when it was started (a card's month, or 30 days by transfer, which add up when paid early); a
// renewal charge extends the card's subscription; the subscription's own events link, stop or flag
// it. Each payment is recorded once, by the provider's transaction id, for the history in Settings.

type Change<K extends SubscriptionChange["kind"]> = Extract<SubscriptionChange, { kind: K }>;
/** `ignored`: the event granted nothing because it did not pay for what Asiiko sold (recorded, for operators). */
export type Outcome = { subscription: string | null; note?: string; ignored?: IgnoredPayment };

export const TRANSFER_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** The same day of the next month (the month's last day when it has no such day), same time. */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return next;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

export async function applyPayment(
  tx: Prisma.TransactionClient,
  change: Change<"payment">,
  provider: PaymentProviderName,
): Promise<Outcome> {
  const recorded = await tx.payment.findUnique({
    where: { provider_externalId: { provider, externalId: change.transactionId } },
  });
  if (recorded) return { subscription: recorded.subscriptionId, note: "payment already recorded" };
  const checkout = await tx.paymentCheckout.findUnique({ where: { reference: change.reference } });
  if (checkout && checkout.provider === provider) return firstPayment(tx, change, checkout);
  // Not started here: a card's monthly charge, found by the customer the first payment recorded.
  if (change.planCode && change.customerCode) return renewalPayment(tx, change, provider);
  return refused(null, ignoredPayment("unknown_reference", { ...change, plan: change.planCode }));
}

/** Nothing granted: the event is kept as ignored, with why, for the operators' page. */
function refused(subscription: string | null, ignored: IgnoredPayment): Outcome {
  return { subscription, note: `${ignored.reason}: nothing granted`, ignored };
}

async function firstPayment(
  tx: Prisma.TransactionClient,
  change: Change<"payment">,
  checkout: Prisma.PaymentCheckoutGetPayload<object>,
): Promise<Outcome> {
  const { paidAt } = change;
  // Exactly what was started here: more or less, or another currency, is not this checkout's payment.
  const mismatch = paymentMismatch(change, { amountKobo: checkout.amountKobo });
  if (mismatch) {
    const paid = { ...change, plan: change.planCode };
    return refused(null, ignoredPayment(mismatch, paid, { amountKobo: checkout.amountKobo }));
  }
  await tx.paymentCheckout.update({ where: { reference: checkout.reference }, data: { paidAt } });
  const payment = {
    userId: checkout.userId,
    provider: checkout.provider,
    externalId: change.transactionId,
    reference: change.reference,
    amountKobo: change.amountKobo,
    currency: change.currency,
    method: checkout.method,
    channel: change.channel,
    paidAt,
  };
  // The account was deleted since: the payment is recorded (the law keeps payment records), nothing granted.
  if (!checkout.userId) {
    await tx.payment.create({ data: { ...payment, periodStart: paidAt, periodEnd: paidAt } });
    return { subscription: null, note: "the account that started this payment no longer exists" };
  }
  /** The subscription this payment opens, going by its reference (Paystack names a card's later). */
  const opened = (period: { start: Date; end: Date }) => ({
    userId: checkout.userId,
    provider: checkout.provider,
    method: checkout.method,
    status: "active" as const,
    externalId: checkout.reference,
    externalCustomerId: change.customerCode,
    // A card's renewals must be of this plan, at this amount.
    planCode: checkout.method === "card" ? change.planCode : null,
    amountNgn: new Prisma.Decimal(koboToNaira(change.amountKobo)),
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  });
  let subscriptionId: string;
  let period: { start: Date; end: Date };
  if (checkout.method === "card") {
    // Paystack names the subscription in its own event (subscription.create); until then it goes by our reference.
    period = { start: paidAt, end: addOneMonth(paidAt) };
    subscriptionId = (await tx.subscription.create({ data: opened(period) })).id;
  } else {
    // A month paid by transfer while another runs starts where that one ends: paying early adds the days.
    const running = await tx.subscription.findFirst({
      where: {
        userId: checkout.userId,
        provider: checkout.provider,
        method: "transfer",
        status: "active",
        currentPeriodEnd: { gt: paidAt },
      },
      orderBy: { currentPeriodEnd: "desc" },
    });
    const start = running ? running.currentPeriodEnd : paidAt;
    period = { start, end: new Date(start.getTime() + TRANSFER_DAYS * DAY_MS) };
    if (running) {
      await tx.subscription.update({ where: { id: running.id }, data: { currentPeriodEnd: period.end } });
      subscriptionId = running.id;
    } else {
      subscriptionId = (await tx.subscription.create({ data: opened(period) })).id;
    }
  }
  await tx.payment.create({
    data: { ...payment, subscriptionId, periodStart: period.start, periodEnd: period.end },
  });
  return { subscription: subscriptionId };
}

/** A card's monthly charge: the subscription of that customer runs a month from the charge. */
async function renewalPayment(
  tx: Prisma.TransactionClient,
  change: Change<"payment">,
  provider: PaymentProviderName,
): Promise<Outcome> {
  const subscription = await tx.subscription.findFirst({
    where: { provider, method: "card", externalCustomerId: change.customerCode },
    orderBy: { createdAt: "desc" },
  });
  const paid = { ...change, plan: change.planCode };
  if (!subscription) return refused(null, ignoredPayment("unknown_subscription", paid));
  // The plan it was sold on, at the amount it was sold at (docs/decisions/0001-a-payment-grants-what-it-paid-for.md).
  const sold = { amountKobo: subscription.amountNgn.mul(100).toNumber(), plan: subscription.planCode };
  const mismatch = paymentMismatch(paid, sold);
  if (mismatch) return refused(subscription.id, ignoredPayment(mismatch, paid, sold));
  const period = { start: change.paidAt, end: addOneMonth(change.paidAt) };
  await tx.payment.create({
    data: {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      provider,
      externalId: change.transactionId,
      reference: change.reference,
      amountKobo: change.amountKobo,
      currency: change.currency,
      method: "card",
      channel: change.channel,
      paidAt: change.paidAt,
      periodStart: period.start,
      periodEnd: period.end,
    },
  });
  // Out of order, a charge may come after the subscription ended: it is recorded, and grants nothing more.
  if (subscription.status === "canceled") return { subscription: subscription.id, note: "subscription already ended" };
  await tx.subscription.update({
    where: { id: subscription.id },
    data: {
      status: "active",
      renewalFailedAt: null,
      currentPeriodEnd: later(subscription.currentPeriodEnd, period.end),
    },
  });
  return { subscription: subscription.id };
}

/** Paystack names the subscription a card's first payment started: it is known by that code from now on. */
export async function applySubscriptionStarted(
  tx: Prisma.TransactionClient,
  change: Change<"subscription_started">,
  provider: PaymentProviderName,
): Promise<Outcome> {
  const known = await tx.subscription.findUnique({ where: { externalId: change.subscriptionId } });
  if (known) return { subscription: known.id, note: "subscription already known" };
  // The newest card payment of that customer still going by our reference.
  const started = await tx.subscription.findFirst({
    where: { provider, method: "card", externalCustomerId: change.customerCode, emailToken: null },
    orderBy: { createdAt: "desc" },
  });
  if (!started) throw new RetryLater(`the payment that started subscription ${change.subscriptionId} not applied yet`);
  // Another plan's subscription of the same customer never takes the place of the one sold here.
  if (started.planCode !== null && change.planCode !== started.planCode) {
    const said = { reference: change.subscriptionId, amountKobo: null, currency: null, plan: change.planCode };
    return refused(started.id, ignoredPayment("wrong_plan", said, { plan: started.planCode }));
  }
  await tx.subscription.update({
    where: { id: started.id },
    data: {
      externalId: change.subscriptionId,
      emailToken: change.emailToken,
      currentPeriodEnd: change.nextPaymentDate
        ? later(started.currentPeriodEnd, change.nextPaymentDate)
        : started.currentPeriodEnd,
    },
  });
  return { subscription: started.id };
}

async function knownSubscription(tx: Prisma.TransactionClient, code: string) {
  const found = await tx.subscription.findUnique({ where: { externalId: code } });
  if (!found) throw new RetryLater(`subscription ${code} not known yet`);
  return found;
}

/** No more renewals; access lasts to the end of the period paid for, and ends there. */
export async function applyStopped(tx: Prisma.TransactionClient, change: Change<"stopped">): Promise<Outcome> {
  const existing = await knownSubscription(tx, change.subscriptionId);
  const now = new Date();
  await tx.subscription.update({
    where: { id: existing.id },
    data: {
      cancelAtPeriodEnd: true,
      ...(change.final
        ? {
            canceledAt: existing.canceledAt ?? now,
            ...(existing.currentPeriodEnd <= now ? { status: "canceled" as const } : {}),
          }
        : {}),
    },
  });
  return { subscription: existing.id };
}

/** A monthly charge failed: access lasts to the end of the period paid for, and Settings says so. */
export async function applyRenewalFailed(
  tx: Prisma.TransactionClient,
  change: Change<"renewal_failed">,
): Promise<Outcome> {
  const existing = await knownSubscription(tx, change.subscriptionId);
  if (existing.status === "canceled") return { subscription: existing.id, note: "subscription already ended" };
  await tx.subscription.update({
    where: { id: existing.id },
    data: { status: "past_due", renewalFailedAt: change.at },
  });
  return { subscription: existing.id };
}
