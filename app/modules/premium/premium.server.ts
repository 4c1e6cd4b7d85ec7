import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { featureAccess, refusalCode, type AccessFacts, type FeatureAccess, type PremiumFeature } from "./access";

// Premium access for a signed-in user, from the database, and the recording
// of premium feature uses (which ends the trial).

async function accessFacts(userId: string): Promise<AccessFacts> {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      createdAt: true,
      firstPremiumUseAt: true,
      subscriptions: { select: { status: true, currentPeriodEnd: true } },
    },
  });
  return {
    accountCreatedAt: user.createdAt,
    firstPremiumUseAt: user.firstPremiumUseAt,
    subscriptions: user.subscriptions,
    trialLengthHours: getEnv().TRIAL_LENGTH_HOURS,
  };
}

export async function getFeatureAccess(userId: string, now = new Date()): Promise<FeatureAccess> {
  return featureAccess(await accessFacts(userId), now);
}

/**
 * Records one use of a premium feature. A subscriber's use is simply counted.
 * Otherwise the use is the trial's one free use: the trial is ended by a
 * single conditional update, so of two uses racing, only one gets through.
 */
export async function recordFeatureUse(userId: string, feature: PremiumFeature, now = new Date()) {
  const facts = await accessFacts(userId);
  const access = featureAccess(facts, now);
  if (access.hasActiveSubscription) {
    await prisma.premiumFeatureUse.create({ data: { userId, feature, duringTrial: false } });
    return featureAccess(facts, now);
  }
  const trialStartedAfter = new Date(now.getTime() - getEnv().TRIAL_LENGTH_HOURS * 3600 * 1000);
  const used = await prisma.$transaction(async (tx) => {
    const claimed = await tx.user.updateMany({
      where: { id: userId, firstPremiumUseAt: null, createdAt: { gt: trialStartedAfter } },
      data: { firstPremiumUseAt: now },
    });
    if (claimed.count === 0) return false;
    await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
    return true;
  });
  if (!used) throw new Refusal(403, refusalCode(facts), "premium.errors.required");
  return featureAccess({ ...facts, firstPremiumUseAt: now }, now);
}
