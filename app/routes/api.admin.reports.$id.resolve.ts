import { requireAdmin } from "~/modules/auth/gates.server";
import { resolveReport } from "~/modules/moderation/moderation.server";
import { resolveSchema } from "~/modules/moderation/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/admin/reports/{id}/resolve { action: dismiss | hide_listing | suspend_seller, note }:
// acts on the report's listing and closes all its open reports with one recorded action (a hide
// or a suspension says why). Administrators only; none suspends an administrator.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const input = validate(resolveSchema, await readJsonBody(request));
    const data = await resolveReport(admin, params.id ?? "", input);
    return Response.json({ success: true, data, message: "Reports resolved" });
  },
});

export const loader = route.loader;
export const action = route.action;
