import { perUser, requireUser } from "~/modules/auth/gates.server";
import { TRADE_REPORT_LIMIT } from "~/modules/moderation/constants";
import { reportSchema } from "~/modules/moderation/schemas";
import { reportReview } from "~/modules/moderation/trade-reports.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/reviews/{id}/reports { reason, note? }: a signed-in user reports a review shown on a
// seller's page (not their own; one open report each). The moderators decide.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(TRADE_REPORT_LIMIT) });
    const input = validate(reportSchema, await readJsonBody(request));
    const report = await reportReview(params.id ?? "", user.id, input);
    return Response.json({ success: true, data: { report }, message: "Report received" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
