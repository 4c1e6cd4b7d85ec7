import { getEnv } from "~/env.server";
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
import { paymentProvider } from "./providers.server";

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
          currentPeriodEnd: current.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
        }
      : null,
  };
}
export type Plan = Awaited<ReturnType<typeof getPlan>>;

/** Stops renewal; access continues to the end of the period already paid for. */
export async function cancelSubscription(userId: string) {
  const current = await currentSubscriptionOf(userId);
  if (!current) throw new Refusal(404, "AUTHZ_SUBSCRIPTION_REQUIRED", "premium.errors.noSubscription");
  try {
    await paymentProvider(current.provider).cancelAtPeriodEnd(current.externalId);
  } catch (error) {
    logger.error({ err: error, provider: current.provider }, "The payment provider refused the cancellation");
    throw new Refusal(502, "PAY_PROCESSING_ERROR", "premium.errors.cancelFailed");
  }
  await prisma.subscription.update({ where: { id: current.id }, data: { cancelAtPeriodEnd: true } });
  return getPlan(userId);
}
