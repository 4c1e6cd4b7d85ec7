import { Refusal } from "~/server/refusal";
import { isPremiumFeature, type PremiumFeature } from "./access";

/** The {feature} of /api/premium/{feature}/...: one of the three, or 404 with a VLD code. */
export function premiumFeatureParam(value: string | undefined): PremiumFeature {
  if (value && isPremiumFeature(value)) return value;
  throw new Refusal(404, "VLD_REQUIRED_FIELD", "premium.errors.unknownFeature");
}
