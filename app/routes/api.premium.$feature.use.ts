import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed } from "~/server/http/api.server";
import { premiumFeatureParam } from "~/modules/premium/feature-param.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";

// POST /api/premium/{feature}/use: records a use (the first one ends the
// trial); 403 AUTHZ_SUBSCRIPTION_REQUIRED / _EXPIRED when there is no access.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const feature = premiumFeatureParam(params.feature);
    const access = await recordFeatureUse(user.id, feature);
    return Response.json({ success: true, data: access, message: "Feature use recorded" });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
