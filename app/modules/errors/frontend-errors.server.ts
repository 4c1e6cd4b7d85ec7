import type { JobPayload } from "~/jobs/queues";
import { prisma } from "~/server/db.server";
import { isDatabaseRefusal } from "~/server/db-errors";

/**
 * Stores one browser error report (from the frontend-errors queue) exactly as
 * the API accepted it: the report schema (app/jobs/queues.ts) has already made
 * every text storable and every length fit its column. A report whose user
 * has since been deleted is kept without the user rather than lost.
 */
export async function storeFrontendError({ report, userId, receivedAt }: JobPayload<"frontend-errors">) {
  const create = (user: string | null) =>
    prisma.frontendError.create({
      data: {
        errorId: report.errorId,
        boundary: report.boundary,
        level: report.level,
        message: report.message,
        stack: report.stack ?? null,
        componentStack: report.componentStack ?? null,
        occurredAt: new Date(report.timestamp),
        userAgent: report.userAgent ?? null,
        url: report.url ?? null,
        retryCount: report.retryCount,
        userId: user,
        receivedAt: new Date(receivedAt),
      },
      select: { id: true },
    });
  try {
    return await create(userId);
  } catch (error) {
    if (userId && isDatabaseRefusal(error, "P2003")) return create(null);
    throw error;
  }
}
