import { apiRoute } from "~/server/http/api-route.server";
import { checkHealth } from "~/server/health.server";
import { logger } from "~/server/logger.server";

// GET and HEAD /api/health: 200 when PostgreSQL and Redis answer, 503 naming
// the one that failed otherwise. Never cached.
async function health() {
  const report = await checkHealth();
  const failed = Object.entries(report.checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  if (failed.length > 0) logger.warn({ checks: report.checks }, `health check failed: ${failed.join(", ")}`);
  // The reasons stay in the log: the public answer says only what is up and how fast.
  const checks = Object.fromEntries(
    Object.entries(report.checks).map(([name, check]) => [name, { ok: check.ok, latencyMs: check.latencyMs }]),
  );
  const body = report.ok
    ? { success: true, data: { status: "ok", checks } }
    : {
        success: false,
        error: { code: "SYS_SERVICE_DEGRADED", message: `Unavailable: ${failed.join(", ")}` },
        data: { status: "degraded", failed, checks },
      };
  return Response.json(body, {
    status: report.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store", ...(report.ok ? {} : { "Retry-After": "5" }) },
  });
}

const route = apiRoute({
  // Public: load balancers and the pages' connectivity check ask it without a session.
  GET: health,
});

export const loader = route.loader;
export const action = route.action;
