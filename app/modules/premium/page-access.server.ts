import { logger } from "~/server/logger.server";
import type { FeatureAccess } from "./access";
import { getFeatureAccess } from "./premium.server";

/** A page's view of premium access: the answer, or null when the check failed (the page offers Try Again). */
export async function pageFeatureAccess(userId: string): Promise<FeatureAccess | null> {
  try {
    return await getFeatureAccess(userId);
  } catch (error) {
    logger.error({ err: error, userId }, "feature access check failed");
    return null;
  }
}
