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
  refusalMessage,
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
      trialHeldUntil: true,
      subscriptions: { select: { status: true, currentPeriodEnd: true } },
      featureUses: { where: { duringTrial: true }, orderBy: { createdAt: "asc" }, take: 1, select: { feature: true } },
    },
  });
  const spent = user.featureUses[0]?.feature;
  return {
    accountCreatedAt: user.createdAt,
    firstPremiumUseAt: user.firstPremiumUseAt,
    trialHeldUntil: user.trialHeldUntil,
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
  if (!access.canAccess) throw new Refusal(refusalCode(facts), refusalMessage(facts, now));
  return access;
}

/**
 * Takes the trial's one use, by a single conditional update: of several racing
 * claims exactly one changes the row. The use is free while no use was recorded,
 * or when a hold has lapsed (its analysis's deadline passed without a result).
 * With `hold`, the use is held for that analysis until it ends; without, it is spent.
 */
async function claimTrial(
  tx: Prisma.TransactionClient,
  userId: string,
  now: Date,
  hold?: { analysisId: string; until: Date },
) {
  const claimed = await tx.user.updateMany({
    where: { id: userId, OR: [{ firstPremiumUseAt: null }, { trialHeldUntil: { lte: now } }] },
    data: { firstPremiumUseAt: now, trialHeldFor: hold?.analysisId ?? null, trialHeldUntil: hold?.until ?? null },
  });
  return claimed.count > 0;
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
  if (!inTrialWindow(facts, grantedAt)) throw new Refusal(refusalCode(facts), refusalMessage(facts, now));
  if (!(await claimTrial(tx, userId, now))) {
    // Another use claimed the trial first. If it went to this same session feature
    // (two farm-mapping writes at once), this one is part of that session.
    const current = await accessFacts(userId, tx);
    if (inTrialSession(current, grantedAt, feature)) {
      await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
      return featureAccess(current, now, feature);
    }
    throw new Refusal(refusalCode(current), refusalMessage(current, now));
  }
  await tx.premiumFeatureUse.create({ data: { userId, feature, duringTrial: true } });
  return featureAccess({ ...facts, firstPremiumUseAt: now, trialHeldUntil: null, trialSpentOn: feature }, now, feature);
}

// ---------------------------------------------------------------------------
// The trial's use held for an analysis: a paid provider bills each call, so a
// trial account gets one analysis in flight. Its use is held when the request is
// accepted (with the analysis, in one transaction), confirmed as the recorded
// use when the result is written, and given back when the analysis fails or
// times out, so only a successful analysis spends the trial.

/**
 * Holds the trial's one use for a new analysis, in the transaction that creates
 * it: true when it is held, false for a subscriber's analysis (no hold; the
 * subscription pays). Of several analyses racing for the trial, one holds it and
 * the others are refused (403, saying that the free analysis is already running).
 */
export async function holdTrialForAnalysis(
  tx: Prisma.TransactionClient,
  input: { userId: string; analysisId: string; until: Date; now: Date; grantedAt: Date },
) {
  const { userId, analysisId, until, now, grantedAt } = input;
  const facts = await accessFacts(userId, tx);
  if (featureAccess(facts, grantedAt).hasActiveSubscription) return false;
  if (inTrialWindow(facts, grantedAt) && (await claimTrial(tx, userId, now, { analysisId, until }))) return true;
  const current = await accessFacts(userId, tx);
  throw new Refusal(refusalCode(current), refusalMessage(current, now));
}

/** Whether the trial's one use is held at `now` by an analysis still running (whichever it is). */
export async function trialHeldNow(userId: string, now = new Date()) {
  const held = await prisma.user.count({
    where: { id: userId, firstPremiumUseAt: { not: null }, trialHeldUntil: { gt: now } },
  });
  return held > 0;
}

/** Whether the trial's use is still held for this analysis (not given back, not lapsed) at `now`. */
export async function holdsTrial(userId: string, analysisId: string, now = new Date()) {
  const held = await prisma.user.count({
    where: { id: userId, trialHeldFor: analysisId, trialHeldUntil: { gt: now } },
  });
  return held > 0;
}

/**
 * Confirms the held use as the trial's recorded use, in the transaction that
 * writes the analysis's result; false when this analysis holds nothing (a
 * subscriber's) or its hold has lapsed.
 */
export async function confirmTrialHold(tx: Prisma.TransactionClient, userId: string, analysisId: string, now: Date) {
  const confirmed = await tx.user.updateMany({
    where: { id: userId, trialHeldFor: analysisId, trialHeldUntil: { gt: now } },
    data: { trialHeldFor: null, trialHeldUntil: null },
  });
  if (confirmed.count === 0) return false;
  await tx.premiumFeatureUse.create({ data: { userId, feature: "asiiko_ai", duringTrial: true } });
  return true;
}

/** Gives the trial back when the analysis holding it ends without a result (nothing when it holds nothing). */
export async function releaseTrialHold(db: Db, userId: string, analysisId: string) {
  await db.user.updateMany({
    where: { id: userId, trialHeldFor: analysisId },
    data: { firstPremiumUseAt: null, trialHeldFor: null, trialHeldUntil: null },
  });
}
