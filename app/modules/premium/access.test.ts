import { describe, expect, it } from "vitest";
import { featureAccess, refusalCode, type AccessFacts } from "./access";

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
