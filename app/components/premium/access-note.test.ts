import { describe, expect, it } from "vitest";
import { accessNote } from "./premium-prompt";

const access = { canAccess: false, isTrialExpired: false, hasActiveSubscription: false, hasUsedPremiumFeatures: false };

describe("the line under the upgrade button", () => {
  it("says the trial expired first, then that premium features were used, else how the trial ends", () => {
    expect(accessNote({ ...access, isTrialExpired: true, hasUsedPremiumFeatures: true })).toBe("premium.trialExpired");
    expect(accessNote({ ...access, hasUsedPremiumFeatures: true })).toBe("premium.featuresUsed");
    expect(accessNote({ ...access, canAccess: true })).toBe("premium.trialInfo");
  });
});
