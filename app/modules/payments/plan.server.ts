import { getEnv } from "~/env.server";
import { isRecordId } from "~/lib/text";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import {
  currentSubscription,
  featureAccess,
  inTrialSession,
  isPremiumFeature,
  SESSION_FEATURES,
  trialEndsAt,
  type AccessFacts,
} from "~/modules/premium/access";
import { koboToNaira } from "./paystack-client.server";
import { paymentProvider } from "./providers.server";
import { renewalReminder } from "./reminder";

// The user's plan (premium, trial or free) and cancelling it: renewal stops,
// access lasts to the end of the period already paid for.

/** The subscription that gives the user access now (see currentSubscription), or null. */
export async function currentSubscriptionOf(userId: string, now = new Date()) {
  const subscriptions = await prisma.subscription.findMany({
    where: { userId },
    orderBy: { currentPeriodEnd: "desc" },
  });
  return currentSubscription(subscriptions, now);
}

export async function getPlan(userId: string, now = new Date()) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      createdAt: true,
      firstPremiumUseAt: true,
      trialHeldUntil: true,
      subscriptions: { orderBy: { currentPeriodEnd: "desc" } },
      featureUses: { where: { duringTrial: true }, orderBy: { createdAt: "asc" }, take: 1, select: { feature: true } },
    },
  });
  const trial = { accountCreatedAt: user.createdAt, trialLengthHours: getEnv().TRIAL_LENGTH_HOURS };
  const spent = user.featureUses[0]?.feature;
  const facts: AccessFacts = {
    ...trial,
    firstPremiumUseAt: user.firstPremiumUseAt,
    trialHeldUntil: user.trialHeldUntil,
    trialSpentOn: spent && isPremiumFeature(spent) ? spent : null,
    subscriptions: user.subscriptions,
  };
  // A trial held by a running analysis reads as used; one whose hold has lapsed, as a trial again.
  const access = featureAccess(facts, now);
  // A trial spent on a working session (farm mapping) keeps that tool open to the end of the trial's day.
  const openSession = access.hasActiveSubscription
    ? undefined
    : SESSION_FEATURES.find((feature) => inTrialSession(facts, now, feature));
  const current = currentSubscription(user.subscriptions, now);
  const provider = current ? paymentProvider(current.provider) : null;
  return {
    plan: access.hasActiveSubscription
      ? ("premium" as const)
      : access.canAccess
        ? ("trial" as const)
        : ("free" as const),
    access,
    priceNgn: getEnv().PREMIUM_PRICE_NGN,
    trialEndsAt: trialEndsAt(trial).toISOString(),
    /** Until when farm mapping stays open to a trial spent on it (null otherwise). */
    mappingOpenUntil: openSession === "farm_mapping" ? trialEndsAt(trial).toISOString() : null,
    subscription: current
      ? {
          provider: current.provider,
          status: current.status,
          /** card: renews monthly; transfer: 30 days paid once, which does not renew. */
          method: current.method,
          currentPeriodEnd: current.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
          /** When the last renewal charge failed (access lasts to currentPeriodEnd). */
          renewalFailedAt: current.renewalFailedAt?.toISOString() ?? null,
          /** Whether the card it renews on can be changed on the provider's page. */
          canUpdateCard: Boolean(
            provider?.cardUpdateLink && current.method === "card" && current.emailToken && !current.cancelAtPeriodEnd,
          ),
        }
      : null,
    /** A month paid by transfer ending soon or just ended: a notice offers to pay for another. */
    reminder: renewalReminder(user.subscriptions, now),
  };
}
export type Plan = Awaited<ReturnType<typeof getPlan>>;

/** Stops renewal; access continues to the end of the period already paid for. */
export async function cancelSubscription(userId: string) {
  const current = await currentSubscriptionOf(userId);
  if (!current) throw new Refusal("DB_RECORD_NOT_FOUND", "premium.errors.noSubscription");
  // A month paid by transfer ends by itself; there is no renewal to stop.
  if (current.method === "transfer") throw new Refusal("DB_CONSTRAINT_VIOLATION", "premium.errors.doesNotRenew");
  if (current.cancelAtPeriodEnd) return getPlan(userId);
  // Paystack names a card's subscription a moment after the first payment; until then it cannot be stopped.
  if (current.provider === "paystack" && !current.emailToken) {
    throw new Refusal("DB_CONSTRAINT_VIOLATION", "premium.errors.subscriptionNotReady", {
      headers: { "Retry-After": "60" },
    });
  }
  try {
    await paymentProvider(current.provider).cancelAtPeriodEnd(current);
  } catch (error) {
    logger.error({ err: error, provider: current.provider }, "The payment provider refused the cancellation");
    throw new Refusal("PAY_PROCESSING_ERROR", "premium.errors.cancelFailed");
  }
  await prisma.subscription.update({ where: { id: current.id }, data: { cancelAtPeriodEnd: true } });
  return getPlan(userId);
}

/**
 * A page of the provider's where the subscriber changes the card their Premium renews on; 409 when
 * the current subscription has none (paid by transfer, not renewing, or a provider without one).
 */
export async function cardUpdateLink(userId: string) {
  const current = await currentSubscriptionOf(userId);
  if (!current) throw new Refusal("DB_RECORD_NOT_FOUND", "premium.errors.noSubscription");
  const provider = paymentProvider(current.provider);
  if (!provider.cardUpdateLink || current.method !== "card" || current.cancelAtPeriodEnd || !current.emailToken) {
    throw new Refusal("DB_CONSTRAINT_VIOLATION", "premium.errors.noCardToUpdate");
  }
  try {
    return { url: await provider.cardUpdateLink(current) };
  } catch (error) {
    logger.error({ err: error, provider: current.provider }, "The payment provider gave no card update link");
    throw new Refusal("PAY_PROCESSING_ERROR", "premium.errors.cardLinkFailed");
  }
}

/** The payments received for the account, newest first (Settings' history). */
export async function listPayments(userId: string, take = 24) {
  const payments = await prisma.payment.findMany({
    where: { userId },
    orderBy: { paidAt: "desc" },
    take,
    select: { id: true, reference: true, amountKobo: true, method: true, channel: true, paidAt: true },
  });
  return payments.map(publicPayment);
}

/** One payment of the account, for its receipt; null for anyone else's (or none). */
export async function paymentReceipt(userId: string, paymentId: string) {
  // An address part that cannot be an id (NUL, a megabyte of text) names no payment.
  if (!isRecordId(paymentId)) return null;
  const payment = await prisma.payment.findFirst({
    where: { id: paymentId, userId },
    include: { user: { select: { firstName: true, lastName: true } } },
  });
  if (!payment) return null;
  return {
    ...publicPayment(payment),
    currency: payment.currency,
    provider: payment.provider,
    periodStart: payment.periodStart.toISOString(),
    periodEnd: payment.periodEnd.toISOString(),
    payer: payment.user ? `${payment.user.firstName} ${payment.user.lastName}`.trim() : "",
  };
}

function publicPayment(payment: {
  id: string;
  reference: string;
  amountKobo: number;
  method: "card" | "transfer";
  channel: string;
  paidAt: Date;
}) {
  return {
    id: payment.id,
    reference: payment.reference,
    amountNgn: koboToNaira(payment.amountKobo),
    method: payment.method,
    channel: payment.channel,
    paidAt: payment.paidAt.toISOString(),
  };
}
export type PaymentSummary = ReturnType<typeof publicPayment>;

/** The reminder due about a month paid by transfer (see renewalReminder), for the dashboard. */
export async function renewalReminderOf(userId: string, now = new Date()) {
  const subscriptions = await prisma.subscription.findMany({
    where: { userId },
    select: { method: true, status: true, currentPeriodEnd: true },
  });
  return renewalReminder(subscriptions, now);
}
