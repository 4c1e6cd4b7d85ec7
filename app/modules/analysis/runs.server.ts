import type { Logger } from "pino";
import type { Analysis } from "~/generated/prisma/client";
import { isLanguage } from "~/lib/i18n";
import { confirmTrialHold, holdsTrial, recordFeatureUseIn, releaseTrialHold } from "~/modules/premium/premium.server";
import { processUpload, readRendition } from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { chooseAnalyzer } from "./analyzers.server";
import { publishAnalysisChange } from "./events.server";
import { failureAnswer } from "./failures";
import { contextOf, endUnfinished, expireOverdue, OPEN_STATUSES } from "./records.server";
import { AiFailure, analysisResultSchema, type AiFailureCode, type AnalysisResult, type Answerer } from "./types";
import { isFinished, STAGE_PROGRESS, type AnalysisStage } from "./view";

// The ai-analysis worker's part of an analysis: one try prepares the photo, asks the chosen
// analyzer, and writes the result with the premium use it spends, or ends it with its code.

/** The photo size the analyzers get (the largest the preparation makes). */
const ANALYZER_WIDTH = 1600;

async function moveTo(
  id: string,
  stage: AnalysisStage,
  data: { answeredBy?: Answerer; startedAt?: Date; prepareMs?: number } = {},
) {
  await prisma.analysis.updateMany({
    where: { id, status: { in: [...OPEN_STATUSES] } },
    data: { status: "processing", stage, progress: STAGE_PROGRESS[stage], ...data },
  });
  await publishAnalysisChange(id);
}

/** Ends an unfinished analysis without a result (giving back the trial it held). */
export async function failAnalysis(id: string, code: string, messageKey = failureAnswer(code).messageKey) {
  const ended = await endUnfinished({ id }, { errorCode: code, errorMessage: messageKey, completedAt: new Date() });
  return ended.length > 0;
}

/**
 * Writes the result and records the premium use in one transaction, so a use
 * is recorded exactly when a result is: a result past the deadline is not
 * written; a trial analysis confirms the use it held (and, holding none any
 * more, ends without a result); a subscriber's use is counted. A photo the
 * analyzer could not assess is written (to say why and how to retake it) but
 * is no use: the trial it held is given back and nothing is counted.
 */
async function completeAnalysis(analysis: Analysis, result: AnalysisResult, answeredBy: Answerer, analyzerMs: number) {
  const now = new Date();
  try {
    const written = await prisma.$transaction(async (tx) => {
      const updated = await tx.analysis.updateMany({
        where: { id: analysis.id, status: "processing", deadlineAt: { gt: now } },
        data: {
          status: "completed",
          stage: "done",
          progress: STAGE_PROGRESS.done,
          severity: result.severity,
          confidence: result.confidence,
          diagnosis: result.diagnosis,
          treatment: result.treatment,
          recommendations: result.recommendations,
          assessable: result.assessable,
          answeredBy,
          analyzerMs,
          completedAt: now,
        },
      });
      if (updated.count === 0) return false;
      // A photo the analyzer could not assess is no use of the feature: the trial it held is given back.
      if (!result.assessable) {
        if (analysis.onTrial) await releaseTrialHold(tx, analysis.userId, analysis.id);
        return true;
      }
      if (!analysis.onTrial) await recordFeatureUseIn(tx, analysis.userId, "asiiko_ai", now, analysis.createdAt);
      else if (!(await confirmTrialHold(tx, analysis.userId, analysis.id, now)))
        throw new Refusal(403, "AUTHZ_SUBSCRIPTION_REQUIRED", "premium.errors.required");
      return true;
    });
    if (written) {
      await publishAnalysisChange(analysis.id);
      return { outcome: "completed" as const };
    }
    // Too late (the deadline passed while analysing) or ended meanwhile.
    await expireOverdue({ id: analysis.id });
    return { outcome: "ended" as const };
  } catch (error) {
    if (error instanceof Refusal && error.status === 403) {
      await failAnalysis(analysis.id, error.code, "ai.errors.trialRaced");
      return { outcome: "failed" as const, code: error.code };
    }
    throw error;
  }
}

async function preparePhoto(uploadId: string | null) {
  const prepared = uploadId ? await processUpload(uploadId) : { status: "missing" as const };
  if (prepared.status !== "ready" || !uploadId)
    throw new AiFailure("AI_INVALID_IMAGE", `photo could not be prepared (${prepared.status})`, false);
  const photo = await readRendition(uploadId, "analysis", ANALYZER_WIDTH);
  if (!photo) throw new Error(`upload ${uploadId} is ready but its ${ANALYZER_WIDTH} px size is not in the store`);
  return photo;
}

export type RunOutcome =
  | { outcome: "completed" | "ended" | "missing" }
  | { outcome: "failed"; code: string }
  /** Failed this time; the queue tries again. */
  | { outcome: "retry"; error: Error };

/**
 * Runs one try of an analysis: prepares the photo, asks the chosen analyzer,
 * writes the result. A failure that a later try may mend (an overloaded or
 * unreachable provider) is answered `retry` while tries and time are left;
 * any other ends the analysis with its catalogue code.
 */
export async function runAnalysis(
  id: string,
  options: { signal: AbortSignal; lastTry: boolean; retryDelayMs: number; log: Logger },
): Promise<RunOutcome> {
  const analysis = await prisma.analysis.findUnique({ where: { id } });
  if (!analysis) return { outcome: "missing" };
  if (isFinished(analysis)) return { outcome: "ended" };
  const remaining = analysis.deadlineAt.getTime() - Date.now();
  if (remaining <= 0) {
    await expireOverdue({ id });
    return { outcome: "ended" };
  }
  const deadline = AbortSignal.timeout(remaining);
  const signal = AbortSignal.any([options.signal, deadline]);
  const { answeredBy, analyzer } = chooseAnalyzer(analysis.preferredModel);
  try {
    await moveTo(id, "preparing", { startedAt: analysis.startedAt ?? new Date() });
    const preparing = performance.now();
    const image = await preparePhoto(analysis.uploadId);
    signal.throwIfAborted();
    // The provider bills each call: a trial analysis whose hold was given back or has lapsed is not sent.
    if (analysis.onTrial && !(await holdsTrial(analysis.userId, id))) {
      options.log.warn({ analysisId: id }, "analysis holds the trial no more; the analyzer is not asked");
      await expireOverdue({ id });
      await failAnalysis(id, "AUTHZ_SUBSCRIPTION_REQUIRED");
      return { outcome: "ended" };
    }
    await moveTo(id, "analysing", { answeredBy, prepareMs: Math.round(performance.now() - preparing) });
    const started = performance.now();
    const answer = await analyzer({
      image,
      mimeType: "image/webp",
      analysisType: analysis.analysisType,
      context: contextOf(analysis.additionalContext),
      language: isLanguage(analysis.language) ? analysis.language : "en",
      signal,
    });
    const analyzerMs = Math.round(performance.now() - started);
    const parsed = analysisResultSchema.safeParse(answer);
    if (!parsed.success)
      throw new AiFailure(
        "AI_ANALYSIS_FAILED",
        `${answeredBy} gave a result that does not fit: ${parsed.error.issues[0]?.message}`,
        false,
      );
    signal.throwIfAborted();
    await moveTo(id, "writing");
    return await completeAnalysis(analysis, parsed.data, answeredBy, analyzerMs);
  } catch (error) {
    const code: AiFailureCode = signal.aborted
      ? "AI_PROCESSING_TIMEOUT"
      : error instanceof AiFailure
        ? error.code
        : "AI_ANALYSIS_FAILED";
    const retryable = !deadline.aborted && (error instanceof AiFailure ? error.retryable : true);
    // Another try only if it can start (after the queue's wait) well before the deadline.
    const timeForAnother = analysis.deadlineAt.getTime() - Date.now() > options.retryDelayMs + 2_000;
    if (retryable && !options.lastTry && timeForAnother) {
      options.log.warn({ err: error, analysisId: id, code }, "analysis try failed; the queue tries again");
      await moveTo(id, "queued");
      return { outcome: "retry", error: error instanceof Error ? error : new Error(String(error)) };
    }
    options.log.warn({ err: error, analysisId: id, code }, "analysis failed");
    await failAnalysis(id, code);
    return { outcome: "failed", code };
  }
}
