import { requireAdmin } from "~/modules/auth/gates.server";
import { openReports, suspendedSellers } from "~/modules/moderation/moderation.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/admin/reports: the open reports grouped by listing (newest first), each with the
// listing, its seller's history and its earlier reports with the actions taken, and the
// suspended sellers: what the moderation page shows. Administrators only.
const route = apiRoute({
  GET: async ({ request }) => {
    const admin = await requireAdmin(request);
    const [reports, suspended] = await Promise.all([openReports(admin), suspendedSellers(admin)]);
    return Response.json(
      { success: true, data: { ...reports, suspendedSellers: suspended } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
