import { logger } from "~/server/logger.server";
import type { FeatureAccess, PremiumFeature } from "./access";
import { getFeatureAccess } from "./premium.server";

/** A page's view of premium access: the answer, or null when the check failed (the page offers Try Again). */
export async function pageFeatureAccess(userId: string, feature?: PremiumFeature): Promise<FeatureAccess | null> {
  try {
    return await getFeatureAccess(userId, feature);
  } catch (error) {
    logger.error({ err: error, userId }, "feature access check failed");
    return null;
  }
}
