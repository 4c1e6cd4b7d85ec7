import { enqueue } from "~/jobs/enqueue.server";
import { frontendErrorReportSchema } from "~/jobs/queues";
import { getSessionUser } from "~/modules/auth/session.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/errors/frontend: an error boundary's report. Validated (32 KB at
// most), queued, and stored by the frontend-errors worker.
const route = apiRoute({
  POST: async ({ request }) => {
    const report = validate(frontendErrorReportSchema, await readJsonBody(request, 32 * 1024));
    const user = await getSessionUser(request);
    await enqueue("frontend-errors", { report, userId: user?.id ?? null, receivedAt: new Date().toISOString() });
    return Response.json({ success: true, data: { errorId: report.errorId } }, { status: 202 });
  },
});

export const loader = route.loader;
export const action = route.action;
