import { getEnv } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import {
  featureAccess,
  inTrialSession,
  inTrialWindow,
  isPremiumFeature,
  refusalCode,
  type AccessFacts,
  type FeatureAccess,
  type PremiumFeature,
} from "./access";

// Premium access for a signed-in user, from the database, and the recording
// of premium feature uses (which ends the trial).

type Db = Prisma.TransactionClient | typeof prisma;

async function accessFacts(userId: string, db: Db = prisma): Promise<AccessFacts> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      createdAt: true,
      firstPremiumUseAt: true,
      subscriptions: { select: { status: true, currentPeriodEnd: true } },
      featureUses: { where: { duringTrial: true }, orderBy: { createdAt: "asc" }, take: 1, select: { feature: true } },
    },
  });
  const spent = user.featureUses[0]?.feature;
  return {
    accountCreatedAt: user.createdAt,
    firstPremiumUseAt: user.firstPremiumUseAt,
    trialSpentOn: spent && isPremiumFeature(spent) ? spent : null,
    subscriptions: user.subscriptions,
    trialLengthHours: getEnv().TRIAL_LENGTH_HOURS,
  };
}

/** Access to premium features, or to one feature (which a trial session may keep open). */
export async function getFeatureAccess(
  userId: string,
  feature?: PremiumFeature,
  now = new Date(),
): Promise<FeatureAccess> {
  return featureAccess(await accessFacts(userId), now, feature);
}

/** Refuses (403, the catalogue's AUTHZ code) a user without access to premium features (or to `feature`). */
export async function requireFeatureAccess(
  userId: string,
  feature?: PremiumFeature,
  now = new Date(),
): Promise<FeatureAccess> {
  const facts = await accessFacts(userId);
  const access = featureAccess(facts, now, feature);
  if (!access.canAccess) throw new Refusal(403, refusalCode(facts), "premium.errors.required");
  return access;
}

/**
 * Records one use of a premium feature. A subscriber's use is simply counted.
 * Otherwise the use is the trial's one free use: the trial is ended by a
 * single conditional update, so of two uses racing, only one gets through.
 */
export async function recordFeatureUse(userId: string, feature: PremiumFeature, now = new Date()) {
  return prisma.$transaction((tx) => recordFeatureUseIn(tx, userId, feature, now));
}

/**
 * The same, inside the caller's transaction, so the use is recorded together
 * with what it paid for (an analysis's result) or not at all. `grantedAt` is when
 * access was checked: work the trial allowed when it began is not refused
 * because the trial's day ran out while it was being done.
 */
export async function recordFeatureUseIn(
  tx: Prisma.TransactionClient,
  userId: string,
  feature: PremiumFeature,
  now = new Date(),
  grantedAt = now,
) {
  const facts = await accessFacts(userId, tx);
  if (featureAccess(facts, grantedAt).hasActiveSubscription) {
    await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: false } });
    return featureAccess(facts, now, feature);
  }
  // More of the working session the trial was spent on: counted, nothing more to claim.
  if (inTrialSession(facts, grantedAt, feature)) {
    await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
    return featureAccess(facts, now, feature);
  }
  // The trial's window was over when access was checked: nothing to claim.
  if (!inTrialWindow(facts, grantedAt)) throw new Refusal(403, refusalCode(facts), "premium.errors.required");
  const claimed = await tx.user.updateMany({
    where: { id: userId, firstPremiumUseAt: null },
    data: { firstPremiumUseAt: now },
  });
  if (claimed.count === 0) {
    // Another use claimed the trial first. If it went to this same session feature
    // (two farm-mapping writes at once), this one is part of that session.
    const current = await accessFacts(userId, tx);
    if (inTrialSession(current, grantedAt, feature)) {
      await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
      return featureAccess(current, now, feature);
    }
    throw new Refusal(403, refusalCode(facts), "premium.errors.required");
  }
  await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
  return featureAccess({ ...facts, firstPremiumUseAt: now, trialSpentOn: feature }, now, feature);
}
