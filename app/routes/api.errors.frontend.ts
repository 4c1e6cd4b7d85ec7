import { enqueue } from "~/jobs/enqueue.server";
import { frontendErrorReportSchema } from "~/jobs/queues";
import { getSessionUser } from "~/modules/auth/session.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { REPORT_LIMITS, REPORT_MAX_BYTES } from "~/modules/errors/constants";
import { validate } from "~/server/validation";

// POST /api/errors/frontend: an error boundary's report. Validated (32 KB at
// most), queued, and stored by the frontend-errors worker.
const route = apiRoute({
  // Public: a page that failed reports it, signed in or not (limited per address).
  POST: async ({ request, context }) => {
    const user = await getSessionUser(request);
    await hitRateLimits([
      { limit: REPORT_LIMITS.perAddress, key: context.clientIp },
      ...(user ? [{ limit: REPORT_LIMITS.perUser, key: user.id }] : []),
    ]);
    const report = validate(frontendErrorReportSchema, await readJsonBody(request, REPORT_MAX_BYTES));
    await enqueue("frontend-errors", { report, userId: user?.id ?? null, receivedAt: new Date().toISOString() });
    return Response.json({ success: true, data: { errorId: report.errorId } }, { status: 202 });
  },
});

export const loader = route.loader;
export const action = route.action;
