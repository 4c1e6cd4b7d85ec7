// The trial and premium access rules:
// a new account is in trial for TRIAL_LENGTH_HOURS (1 day) or until its first
// recorded premium use, whichever comes first; a subscription gives access
// until the end of its paid period (cancelling stops renewal, not access).
// Pure functions of the facts and a clock, so they are tested with any time.

export const PREMIUM_FEATURES = ["asiiko_ai", "farm_mapping", "premium_products"] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

export function isPremiumFeature(value: string): value is PremiumFeature {
  return (PREMIUM_FEATURES as readonly string[]).includes(value);
}

/**
 * Features whose use is a working session, not a single result: a farmer who
 * spends the trial on farm mapping selects a farm, then draws its boundary and
 * plots. The trial's use of such a feature keeps that feature (and only it) open
 * until the trial's time runs out.
 */
export const SESSION_FEATURES: readonly PremiumFeature[] = ["farm_mapping"];

export interface AccessFacts {
  accountCreatedAt: Date;
  firstPremiumUseAt: Date | null;
  /** The feature the trial's one use went to, when it has been used. */
  trialSpentOn?: PremiumFeature | null;
  /**
   * While the trial's one use is held for an analysis still running: that
   * analysis's deadline. firstPremiumUseAt is set meanwhile, so every feature
   * sees the trial as spent; a hold past its deadline has lapsed (the analysis
   * can no longer succeed) and spends nothing.
   */
  trialHeldUntil?: Date | null;
  /** The subscriptions that were ever paid for: status and end of the paid period. */
  subscriptions: { status: "active" | "past_due" | "canceled" | "incomplete"; currentPeriodEnd: Date }[];
  trialLengthHours: number;
}

export interface FeatureAccess {
  canAccess: boolean;
  isTrialExpired: boolean;
  hasActiveSubscription: boolean;
  hasUsedPremiumFeatures: boolean;
}

export function trialEndsAt(facts: Pick<AccessFacts, "accountCreatedAt" | "trialLengthHours">) {
  return new Date(facts.accountCreatedAt.getTime() + facts.trialLengthHours * 3600 * 1000);
}

/** Whether `now` is still inside the trial's window (whether or not its one use is spent). */
export function inTrialWindow(facts: Pick<AccessFacts, "accountCreatedAt" | "trialLengthHours">, now: Date) {
  return now < trialEndsAt(facts);
}

/** Whether the trial's one use is held, at `now`, for an analysis that has not finished yet. */
export function trialHeld(facts: Pick<AccessFacts, "firstPremiumUseAt" | "trialHeldUntil">, now: Date) {
  return facts.firstPremiumUseAt !== null && facts.trialHeldUntil != null && now < facts.trialHeldUntil;
}

/** Whether the trial's one use is spent or held at `now` (a lapsed hold spends nothing). */
export function trialUsed(facts: Pick<AccessFacts, "firstPremiumUseAt" | "trialHeldUntil">, now: Date) {
  if (facts.firstPremiumUseAt === null) return false;
  return facts.trialHeldUntil == null || now < facts.trialHeldUntil;
}

/**
 * The subscription that gives access at `now`, or null: one active, or past_due
 * (a failed payment keeps access while the provider retries), whose paid period
 * has not ended; of several, the one paid furthest ahead. An incomplete or
 * canceled subscription is never current.
 */
export function currentSubscription<S extends AccessFacts["subscriptions"][number]>(
  subscriptions: readonly S[],
  now: Date,
): S | null {
  let current: S | null = null;
  for (const subscription of subscriptions) {
    const paying = subscription.status === "active" || subscription.status === "past_due";
    if (!paying || subscription.currentPeriodEnd <= now) continue;
    if (!current || subscription.currentPeriodEnd > current.currentPeriodEnd) current = subscription;
  }
  return current;
}

/** Whether the trial's use of `feature` keeps it open (see SESSION_FEATURES), at `now`. */
export function inTrialSession(facts: AccessFacts, now: Date, feature: PremiumFeature | undefined) {
  return (
    feature !== undefined &&
    SESSION_FEATURES.includes(feature) &&
    facts.firstPremiumUseAt !== null &&
    facts.trialSpentOn === feature &&
    inTrialWindow(facts, now)
  );
}

/**
 * Access to premium features in general, or to one feature (which may be open in a trial session).
 * While an analysis holds the trial's use, every feature (farm mapping too) sees the trial as
 * spent: were they open, the trial could be spent on one of them meanwhile, and the analysis,
 * already paid for at its provider, would end without its result. If the analysis fails, the
 * trial comes back to all of them.
 */
export function featureAccess(facts: AccessFacts, now: Date, feature?: PremiumFeature): FeatureAccess {
  const subscribed = currentSubscription(facts.subscriptions, now) !== null;
  const isTrialExpired = !inTrialWindow(facts, now);
  const hasUsedPremiumFeatures = trialUsed(facts, now);
  return {
    canAccess: subscribed || (!isTrialExpired && !hasUsedPremiumFeatures) || inTrialSession(facts, now, feature),
    isTrialExpired,
    hasActiveSubscription: subscribed,
    hasUsedPremiumFeatures,
  };
}

/** Why access is refused, as a catalogue code: EXPIRED once a paid period has ended, REQUIRED otherwise. */
export function refusalCode(facts: Pick<AccessFacts, "subscriptions">) {
  return facts.subscriptions.length > 0 ? "AUTHZ_SUBSCRIPTION_EXPIRED" : "AUTHZ_SUBSCRIPTION_REQUIRED";
}

/** The refusal's message: that the free trial is held by a running analysis (and may come back), or that Premium is needed. */
export function refusalMessage(facts: Pick<AccessFacts, "firstPremiumUseAt" | "trialHeldUntil">, now: Date) {
  return trialHeld(facts, now) ? "premium.errors.trialHeld" : "premium.errors.required";
}
