import { requireAdmin } from "~/modules/auth/gates.server";
import { openTradeReports } from "~/modules/moderation/trade-reports.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/admin/trade-reports: the open reports about trades (disputes, messages, reviews),
// oldest first, with the order, its parties and what was reported. Administrators only.
const route = apiRoute({
  GET: async ({ request }) => {
    const admin = await requireAdmin(request);
    const data = await openTradeReports(admin);
    return Response.json({ success: true, data });
  },
});

export const loader = route.loader;
export const action = route.action;
