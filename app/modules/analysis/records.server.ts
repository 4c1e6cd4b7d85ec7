import type { Prisma } from "~/generated/prisma/client";
import { releaseTrialHold } from "~/modules/premium/premium.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { publishAnalysisChange } from "./events.server";
import { failureAnswer } from "./failures";
import type { AnalysisContext } from "./types";

// The Analysis rows' shared rules, for the request, the owner's views and the worker alike:
// which analyses are unfinished, how one ends without a result (giving back the trial it held),
// how an overdue one times out, and that another farmer's analysis reads as one that does not
// exist.

export const OPEN_STATUSES = ["queued", "processing"] as const;

export function failureRefusal(code: string, messageKey?: string) {
  const answer = failureAnswer(code);
  const headers = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : undefined;
  return new Refusal(answer.status, code, messageKey ?? answer.messageKey, undefined, headers);
}

/**
 * Ends the unfinished analyses `where` names, without a result, giving back the
 * trial's use each of them held; tells their followers. The ones it ended.
 * One statement when nothing is to be ended (every look at an analysis asks):
 * the hold is given back just after; were that step lost, the hold would lapse
 * at the analysis's deadline anyway.
 */
export async function endUnfinished(
  where: Prisma.AnalysisWhereInput,
  data: { errorCode: string; errorMessage: string; completedAt: Date },
) {
  const ended = await prisma.analysis.updateManyAndReturn({
    where: { ...where, status: { in: [...OPEN_STATUSES] } },
    data: { status: "failed", ...data },
    select: { id: true, userId: true, onTrial: true },
  });
  for (const row of ended) if (row.onTrial) await releaseTrialHold(prisma, row.userId, row.id);
  for (const { id } of ended) await publishAnalysisChange(id);
  return ended;
}

/** Marks unfinished analyses past their deadline as timed out (the ones `where` names). */
export async function expireOverdue(where: { id: string } | { userId: string }) {
  const now = new Date();
  await endUnfinished(
    { ...where, deadlineAt: { lte: now } },
    {
      errorCode: "AI_PROCESSING_TIMEOUT",
      errorMessage: failureAnswer("AI_PROCESSING_TIMEOUT").messageKey,
      completedAt: now,
    },
  );
}

export async function ownAnalysis(userId: string, id: string) {
  const analysis = await prisma.analysis.findFirst({ where: { id, userId } });
  // Another farmer's analysis is answered exactly like one that does not exist.
  if (!analysis) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  return analysis;
}

/** The crop, livestock or plant the farmer named, from the row's JSON. */
export function contextOf(value: unknown): AnalysisContext {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const context: AnalysisContext = {};
  for (const key of ["cropType", "livestockType", "plantSpecies"] as const) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "string") context[key] = item;
  }
  return context;
}
