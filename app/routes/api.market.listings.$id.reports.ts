import { perUser, requireUser } from "~/modules/auth/gates.server";
import { REPORT_LIMIT } from "~/modules/moderation/constants";
import { reportListing } from "~/modules/moderation/reports.server";
import { reportSchema } from "~/modules/moderation/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/market/listings/{id}/reports { reason, note? }: the signed-in user reports a listing
// they can see (not their own); one open report per user per listing (409 for a second), and a
// few an hour per user. The seller is never told who reported.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(REPORT_LIMIT) });
    const input = validate(reportSchema, await readJsonBody(request));
    const report = await reportListing(params.id ?? "", user.id, input);
    return Response.json({ success: true, data: { report }, message: "Report received" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
