import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi } from "~/server/http/api.server";
import { premiumFeatureParam } from "~/modules/premium/feature-param.server";
import { getFeatureAccess } from "~/modules/premium/premium.server";

// GET /api/premium/{feature}/check: { canAccess, isTrialExpired, hasActiveSubscription, hasUsedPremiumFeatures }.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    premiumFeatureParam(params.feature);
    const access = await getFeatureAccess(user.id);
    return Response.json({ success: true, ...access, data: access }, { headers: { "Cache-Control": "private, no-store" } });
  });
}
