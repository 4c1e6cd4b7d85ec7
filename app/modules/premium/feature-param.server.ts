import { Refusal } from "~/server/refusal";
import { isPremiumFeature, type PremiumFeature } from "./access";

/** The {feature} of /api/premium/{feature}/...: one of the three, or 404 DB_RECORD_NOT_FOUND. */
export function premiumFeatureParam(value: string | undefined): PremiumFeature {
  if (value && isPremiumFeature(value)) return value;
  throw new Refusal("DB_RECORD_NOT_FOUND", "premium.errors.unknownFeature");
}
