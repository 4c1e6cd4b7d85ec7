import { describe, expect, it } from "vitest";
import { spendsTrial } from "./trial-confirm";

const fresh = { canAccess: true, isTrialExpired: false, hasActiveSubscription: false, hasUsedPremiumFeatures: false };

describe("whether a premium tool is asked for first (it would spend the trial)", () => {
  it("asks a trial account whose one use is still free", () => {
    expect(spendsTrial(fresh)).toBe(true);
  });

  it("does not ask a subscriber, a locked account, or a failed check", () => {
    expect(spendsTrial({ ...fresh, hasActiveSubscription: true, hasUsedPremiumFeatures: true })).toBe(false);
    expect(spendsTrial({ ...fresh, canAccess: false, hasUsedPremiumFeatures: true })).toBe(false);
    expect(spendsTrial(null)).toBe(false);
  });

  it("does not ask again in the farm-mapping session a spent trial keeps open: nothing more is spent", () => {
    expect(spendsTrial({ ...fresh, hasUsedPremiumFeatures: true })).toBe(false);
  });
});
