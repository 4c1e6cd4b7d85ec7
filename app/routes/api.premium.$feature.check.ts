import { requireUser } from "~/modules/auth/gates.server";
import { premiumFeatureParam } from "~/modules/premium/feature-param.server";
import { getFeatureAccess } from "~/modules/premium/premium.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/premium/{feature}/check: { canAccess, isTrialExpired, hasActiveSubscription, hasUsedPremiumFeatures }.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const feature = premiumFeatureParam(params.feature);
    const access = await getFeatureAccess(user.id, feature);
    return Response.json(
      { success: true, ...access, data: access },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
