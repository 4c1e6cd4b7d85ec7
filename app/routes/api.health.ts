import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkHealth } from "~/modules/health/health.server";

// GET and HEAD /api/health: 200 when PostgreSQL and Redis answer, 503 naming
// the one that failed otherwise. Never cached.
export async function loader(_: LoaderFunctionArgs) {
  const report = await checkHealth();
  const failed = Object.entries(report.checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  const body = report.ok
    ? { success: true, data: { status: "ok", checks: report.checks } }
    : {
        success: false,
        error: { code: "SYS_SERVICE_DEGRADED", message: `Unavailable: ${failed.join(", ")}` },
        data: { status: "degraded", failed, checks: report.checks },
      };
  return Response.json(body, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(report.ok ? {} : { "Retry-After": "5" }) },
  });
}
