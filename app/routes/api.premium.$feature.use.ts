import { requireUser } from "~/modules/auth/gates.server";
import { premiumFeatureParam } from "~/modules/premium/feature-param.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/premium/{feature}/use: records a use (the first one ends the
// trial); 403 AUTHZ_SUBSCRIPTION_REQUIRED / _EXPIRED when there is no access.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request);
    const feature = premiumFeatureParam(params.feature);
    const access = await recordFeatureUse(user.id, feature);
    return Response.json({ success: true, data: access, message: "Feature use recorded" });
  },
});

export const loader = route.loader;
export const action = route.action;
