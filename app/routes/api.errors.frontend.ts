import type { ActionFunctionArgs } from "@remix-run/node";
import { enqueue } from "~/jobs/enqueue.server";
import { frontendErrorReportSchema } from "~/jobs/queues";
import { getSessionUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/server/http/api.server";
import { validate } from "~/server/validation";

// POST /api/errors/frontend: an error boundary's report. Validated (32 KB at
// most), queued, and stored by the frontend-errors worker.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(request, async () => {
    const report = validate(frontendErrorReportSchema, await readJsonBody(request, 32 * 1024));
    const user = await getSessionUser(request);
    await enqueue("frontend-errors", { report, userId: user?.id ?? null, receivedAt: new Date().toISOString() });
    return Response.json({ success: true, data: { errorId: report.errorId } }, { status: 202 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
