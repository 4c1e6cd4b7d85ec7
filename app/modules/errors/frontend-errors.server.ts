import type { JobPayload } from "~/jobs/queues";
import { prisma } from "~/server/db.server";

/** Stores one browser error report (from the frontend-errors queue). */
export async function storeFrontendError({ report, userId, receivedAt }: JobPayload<"frontend-errors">) {
  return prisma.frontendError.create({
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
      userId,
      receivedAt: new Date(receivedAt),
    },
    select: { id: true },
  });
}
