import { describe, expect, it } from "vitest";
import {
  currentSubscription,
  featureAccess,
  inTrialWindow,
  refusalCode,
  refusalMessage,
  trialEndsAt,
  trialHeld,
  type AccessFacts,
} from "./access";

const created = new Date("2026-11-20T08:00:00Z");
const hours = (n: number) => new Date(created.getTime() + n * 3600 * 1000);
const base: AccessFacts = {
  accountCreatedAt: created,
  firstPremiumUseAt: null,
  subscriptions: [],
  trialLengthHours: 24,
};

describe("featureAccess with a controlled clock", () => {
  it("a new user is in trial", () => {
    expect(featureAccess(base, hours(0))).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
  });

  it("after 23 hours the trial still runs", () => {
    expect(featureAccess(base, hours(23)).canAccess).toBe(true);
  });

  it("after 25 hours the trial has expired", () => {
    expect(featureAccess(base, hours(25))).toEqual({
      canAccess: false,
      isTrialExpired: true,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
  });

  it("the first recorded use ends the trial at once", () => {
    const used = { ...base, firstPremiumUseAt: hours(1) };
    expect(featureAccess(used, hours(2))).toEqual({
      canAccess: false,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: true,
    });
  });

  it("a subscriber has access, used or expired", () => {
    const subscriber: AccessFacts = {
      ...base,
      firstPremiumUseAt: hours(1),
      subscriptions: [{ status: "active", currentPeriodEnd: hours(24 * 31) }],
    };
    expect(featureAccess(subscriber, hours(48))).toEqual({
      canAccess: true,
      isTrialExpired: true,
      hasActiveSubscription: true,
      hasUsedPremiumFeatures: true,
    });
  });

  it("a cancelled subscriber keeps access to the end of the paid period, then loses it", () => {
    const cancelled: AccessFacts = { ...base, subscriptions: [{ status: "active", currentPeriodEnd: hours(24 * 30) }] };
    expect(featureAccess(cancelled, hours(24 * 30 - 1)).canAccess).toBe(true);
    expect(featureAccess(cancelled, hours(24 * 30 + 1))).toMatchObject({
      canAccess: false,
      hasActiveSubscription: false,
    });
    const ended: AccessFacts = { ...base, subscriptions: [{ status: "canceled", currentPeriodEnd: hours(24 * 30) }] };
    expect(featureAccess(ended, hours(24 * 10)).canAccess).toBe(false);
    expect(refusalCode(ended)).toBe("AUTHZ_SUBSCRIPTION_EXPIRED");
    expect(refusalCode(base)).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");
  });

  it("a payment being retried keeps access until the period ends", () => {
    const pastDue: AccessFacts = { ...base, subscriptions: [{ status: "past_due", currentPeriodEnd: hours(72) }] };
    expect(featureAccess(pastDue, hours(48)).hasActiveSubscription).toBe(true);
  });

  it("takes the trial length from configuration", () => {
    expect(featureAccess({ ...base, trialLengthHours: 168 }, hours(100)).canAccess).toBe(true);
  });

  it("keeps farm mapping, and only it, open for the rest of the trial when the trial was spent on it", () => {
    const mapped: AccessFacts = { ...base, firstPremiumUseAt: hours(1), trialSpentOn: "farm_mapping" };
    expect(featureAccess(mapped, hours(2), "farm_mapping").canAccess).toBe(true);
    expect(featureAccess(mapped, hours(2), "asiiko_ai").canAccess).toBe(false);
    expect(featureAccess(mapped, hours(2)).canAccess).toBe(false);
    expect(featureAccess(mapped, hours(25), "farm_mapping").canAccess).toBe(false);
  });

  it("does not open farm mapping when the trial went to an analysis", () => {
    const analysed: AccessFacts = { ...base, firstPremiumUseAt: hours(1), trialSpentOn: "asiiko_ai" };
    expect(featureAccess(analysed, hours(2), "farm_mapping").canAccess).toBe(false);
    expect(featureAccess(analysed, hours(2), "asiiko_ai").canAccess).toBe(false);
  });
});

describe("currentSubscription", () => {
  type Row = AccessFacts["subscriptions"][number] & { id: string };
  const row = (id: string, status: Row["status"], endsAfterHours: number): Row => ({
    id,
    status,
    currentPeriodEnd: hours(endsAfterHours),
  });

  it("is the active subscription whose period has not ended", () => {
    const active = row("a", "active", 24 * 30);
    expect(currentSubscription([active], hours(48))).toBe(active);
    expect(currentSubscription([active], hours(24 * 30))).toBeNull();
    expect(currentSubscription([active], hours(24 * 31))).toBeNull();
  });

  it("is a past_due subscription while its period lasts, not after", () => {
    const pastDue = row("p", "past_due", 72);
    expect(currentSubscription([pastDue], hours(48))).toBe(pastDue);
    expect(currentSubscription([pastDue], hours(73))).toBeNull();
  });

  it("is never an incomplete or a canceled subscription, whatever its period", () => {
    const incomplete = row("i", "incomplete", 24 * 60);
    const canceled = row("c", "canceled", 24 * 60);
    expect(currentSubscription([incomplete, canceled], hours(48))).toBeNull();
    expect(featureAccess({ ...base, subscriptions: [incomplete, canceled] }, hours(48)).hasActiveSubscription).toBe(
      false,
    );
    // An unpaid later subscription does not hide the one that is paid.
    const active = row("a", "active", 24 * 30);
    expect(currentSubscription([incomplete, canceled, active], hours(48))).toBe(active);
  });

  it("of several that give access, is the one paid furthest ahead, in any order", () => {
    const sooner = row("s", "active", 24 * 10);
    const later = row("l", "past_due", 24 * 40);
    expect(currentSubscription([sooner, later], hours(48))).toBe(later);
    expect(currentSubscription([later, sooner], hours(48))).toBe(later);
    expect(currentSubscription([], hours(48))).toBeNull();
  });
});

describe("the trial window", () => {
  it("ends the configured number of hours after the account was made", () => {
    expect(trialEndsAt(base)).toEqual(hours(24));
    expect(trialEndsAt({ ...base, trialLengthHours: 168 })).toEqual(hours(168));
  });

  it("is open up to its end, and closed from that instant on", () => {
    expect(inTrialWindow(base, hours(0))).toBe(true);
    expect(inTrialWindow(base, new Date(hours(24).getTime() - 1))).toBe(true);
    expect(inTrialWindow(base, hours(24))).toBe(false);
    expect(featureAccess(base, hours(24)).isTrialExpired).toBe(true);
    expect(featureAccess(base, new Date(hours(24).getTime() - 1)).isTrialExpired).toBe(false);
  });

  it("does not close when the trial's one use is spent", () => {
    const used = { ...base, firstPremiumUseAt: hours(1) };
    expect(inTrialWindow(used, hours(2))).toBe(true);
    expect(featureAccess(used, hours(2)).isTrialExpired).toBe(false);
  });
});

describe("the trial's use held for a running analysis", () => {
  // Held at hour 1 for an analysis whose deadline is a minute later.
  const deadline = new Date(hours(1).getTime() + 60_000);
  const held: AccessFacts = { ...base, firstPremiumUseAt: hours(1), trialHeldUntil: deadline };
  const during = new Date(hours(1).getTime() + 30_000);
  const after = new Date(deadline.getTime() + 1);

  it("closes every feature while the analysis runs, farm mapping too, and says why", () => {
    for (const feature of [undefined, "asiiko_ai", "farm_mapping", "premium_products"] as const) {
      expect(featureAccess(held, during, feature)).toEqual({
        canAccess: false,
        isTrialExpired: false,
        hasActiveSubscription: false,
        hasUsedPremiumFeatures: true,
      });
    }
    expect(trialHeld(held, during)).toBe(true);
    expect(refusalMessage(held, during)).toBe("premium.errors.trialHeld");
    expect(refusalCode(held)).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");
  });

  it("has lapsed once its analysis's deadline has passed: the trial is open again", () => {
    expect(trialHeld(held, deadline)).toBe(false);
    expect(featureAccess(held, after)).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
    expect(refusalMessage(held, after)).toBe("premium.errors.required");
  });

  it("a use confirmed (no hold left) or given back (no use) is an ordinary spent or fresh trial", () => {
    const confirmed: AccessFacts = { ...held, trialHeldUntil: null, trialSpentOn: "asiiko_ai" };
    expect(featureAccess(confirmed, after)).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
    expect(refusalMessage(confirmed, during)).toBe("premium.errors.required");
    const givenBack: AccessFacts = { ...base, firstPremiumUseAt: null, trialHeldUntil: null };
    expect(featureAccess(givenBack, during, "farm_mapping")).toMatchObject({ canAccess: true });
  });

  it("leaves a subscriber's access alone", () => {
    const subscriber: AccessFacts = {
      ...held,
      subscriptions: [{ status: "active", currentPeriodEnd: hours(24 * 30) }],
    };
    expect(featureAccess(subscriber, during)).toMatchObject({ canAccess: true, hasActiveSubscription: true });
  });
});
