import { requireAdmin } from "~/modules/auth/gates.server";
import { tradeResolveSchema } from "~/modules/moderation/schemas";
import { resolveTradeReport } from "~/modules/moderation/trade-reports.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/admin/trade-reports/{id}/resolve { action, note? }: a dispute settled (complete_order,
// cancel_order), a message or review dismissed or hidden (hide_message, hide_review). Administrators only.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const input = validate(tradeResolveSchema, await readJsonBody(request));
    const data = await resolveTradeReport(admin, params.id ?? "", input);
    return Response.json({ success: true, data, message: "Report resolved" });
  },
});

export const loader = route.loader;
export const action = route.action;
