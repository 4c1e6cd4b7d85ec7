import { perUser, requireUser } from "~/modules/auth/gates.server";
import { REPORT_LIMIT } from "~/modules/moderation/constants";
import { reportSchema } from "~/modules/moderation/schemas";
import { reportMessage } from "~/modules/orders/messages.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/orders/{id}/messages/{messageId}/reports { reason, note? }: the party who received a
// message reports it to the moderators (one open report each).
const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(REPORT_LIMIT) });
    const input = validate(reportSchema, await readJsonBody(request));
    const report = await reportMessage(params.id ?? "", params.messageId ?? "", user.id, input);
    return Response.json({ success: true, data: { report }, message: "Report received" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
