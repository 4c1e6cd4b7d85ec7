import type { Analysis } from "~/generated/prisma/client";
import type { LanguageCode } from "~/lib/i18n";
import { readRendition } from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";
import { failureAnswer } from "./failures";
import { contextOf, expireOverdue, ownAnalysis } from "./records.server";
import type { Answerer } from "./types";
import type { AnalysisStage, AnalysisView } from "./view";

// What the owner of analyses sees: one, a page of their history, and its photo. Each look first
// times out what is past its deadline, so no reader ever sees an analysis "processing" forever.

export function analysisPhotoUrl(id: string, width: 320 | 800 = 800) {
  return `/api/ai/analyses/${id}/photo${width === 320 ? "?size=320" : ""}`;
}

/** An analysis as its owner sees it, texts in the reader's language. */
export async function toView(analysis: Analysis, language: LanguageCode): Promise<AnalysisView> {
  let error: AnalysisView["error"] = null;
  if (analysis.status === "failed") {
    const t = await getFixedT(language);
    const code = analysis.errorCode ?? "AI_ANALYSIS_FAILED";
    error = { code, message: t(analysis.errorMessage ?? failureAnswer(code).messageKey) };
  }
  const finishedWell = analysis.status === "completed";
  return {
    id: analysis.id,
    analysisType: analysis.analysisType,
    preferredModel: analysis.preferredModel,
    answeredBy: (analysis.answeredBy as Answerer | null) ?? null,
    status: analysis.status,
    stage: analysis.stage as AnalysisStage,
    progress: analysis.progress,
    severity: finishedWell ? analysis.severity : null,
    confidence: finishedWell && analysis.confidence !== null ? Math.round(analysis.confidence) : null,
    diagnosis: finishedWell ? analysis.diagnosis : null,
    treatment: finishedWell ? analysis.treatment : null,
    recommendations: finishedWell ? analysis.recommendations : [],
    assessable: analysis.assessable,
    error,
    context: contextOf(analysis.additionalContext),
    createdAt: analysis.createdAt.toISOString(),
    completedAt: analysis.completedAt?.toISOString() ?? null,
    // The worker records how long preparing took once the photo's sizes exist.
    photoUrl: analysis.prepareMs !== null ? analysisPhotoUrl(analysis.id) : null,
    thumbnailUrl: analysis.prepareMs !== null ? analysisPhotoUrl(analysis.id, 320) : null,
  };
}

/** One of the user's analyses (404 for anyone else's). */
export async function getAnalysis(userId: string, id: string) {
  await expireOverdue({ id });
  return ownAnalysis(userId, id);
}

/** The user's analyses, newest first, a page at a time (`before`: the last id of the page before). */
export async function listAnalyses(
  userId: string,
  options: { limit?: number; before?: string | null; language: LanguageCode },
) {
  const limit = options.limit ?? 20;
  await expireOverdue({ userId });
  let olderThan = {};
  if (options.before) {
    const cursor = await prisma.analysis.findFirst({
      where: { id: options.before, userId },
      select: { id: true, createdAt: true },
    });
    if (!cursor) throw new Refusal(400, "VLD_REQUIRED_FIELD", "ai.errors.notFound", { before: ["ai.errors.notFound"] });
    olderThan = {
      OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
    };
  }
  const rows = await prisma.analysis.findMany({
    where: { userId, ...olderThan },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const analyses = await Promise.all(page.map((row) => toView(row, options.language)));
  return { analyses, nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** The photo of one of the user's analyses (WebP), at 320 or 800 px; 404 when it is not (or no longer) there. */
export async function analysisPhoto(userId: string, id: string, width: 320 | 800) {
  const analysis = await ownAnalysis(userId, id);
  const upload = analysis.uploadId
    ? await prisma.upload.findUnique({ where: { id: analysis.uploadId }, select: { status: true } })
    : null;
  if (!analysis.uploadId || upload?.status !== "ready")
    throw new Refusal(404, "DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  const bytes = await readRendition(analysis.uploadId, "analysis", width);
  if (!bytes) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  return bytes;
}
