import type { Logger } from "pino";
import { getEnv } from "~/env.server";
import type { Analysis, Prisma } from "~/generated/prisma/client";
import { enqueue } from "~/jobs/enqueue.server";
import type { LanguageCode } from "~/lib/i18n";
import { isLanguage } from "~/lib/i18n";
import type { FeatureGrant } from "~/modules/auth/gates.server";
import {
  confirmTrialHold,
  holdsTrial,
  holdTrialForAnalysis,
  recordFeatureUseIn,
  releaseTrialHold,
} from "~/modules/premium/premium.server";
import {
  acceptUpload,
  ANALYSIS_PHOTO_FORMATS,
  discardUpload,
  inspectImage,
  processUpload,
  readRendition,
  verifyImageDecodes,
} from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { isErrorCode } from "~/server/errors/catalogue";
import { Refusal } from "~/server/refusal";
import { chooseAnalyzer, configuredModels } from "./analyzers.server";
import { onAnalysisChange, publishAnalysisChange } from "./events.server";
import { MAX_OPEN_ANALYSES, MIN_IMAGE_SIDE } from "./constants";
import { failureAnswer } from "./failures";
import type { AnalyzeFields } from "./schemas";
import {
  AiFailure,
  analysisResultSchema,
  type AiFailureCode,
  type AnalysisContext,
  type AnalysisResult,
  type Answerer,
} from "./types";
import { isFinished, STAGE_PROGRESS, type AnalysisStage, type AnalysisView } from "./view";

// Asiiko AI's analyses. The Analysis row is the truth: the request creates it
// and queues its job; the ai-analysis worker runs it through its stages
// (preparing the photo, analysing, writing the result) and writes the result
// and the premium use together; the waiting request, the progress stream and
// the history only read it. Each analysis has a deadline: past it, an
// unfinished analysis has timed out, whoever notices first says so, and a late
// result is not written. A trial account's analysis holds the trial's one use
// from the request on (so a trial pays for one provider call at a time, not one
// per racing request); the result confirms it, and an analysis that ends without
// one gives it back.

export { configuredModels };

/** Followers look at the row at least this often, in case a change message was lost. */
const FOLLOW_POLL_MS = 1_000;
/** The photo size the analyzers get (the largest the preparation makes). */
const ANALYZER_WIDTH = 1600;

const OPEN_STATUSES = ["queued", "processing"] as const;

export function analysisDeadlineMs() {
  return getEnv().AI_ANALYSIS_DEADLINE_SECONDS * 1000;
}

/** The answer for an analysis that ended without a result (its code as stored on the row). */
export function failureRefusal(code: string, messageKey?: string) {
  const answer = failureAnswer(code);
  const headers = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : undefined;
  return new Refusal(isErrorCode(code) ? code : "AI_ANALYSIS_FAILED", messageKey ?? answer.messageKey, { headers });
}

// ---------------------------------------------------------------------------
// The request's part

/**
 * Checks and stores what a farmer sent, records the analysis and queues its
 * job, for a farmer who passed the asiiko_ai gate. Refuses before any work: a photo that is not
 * a readable JPEG, PNG or WebP of sane size (FILE_*), one too small to show
 * anything (AI_INVALID_IMAGE), too many unfinished analyses (429), a trial whose
 * one use another analysis holds or took meanwhile (403).
 */
export async function startAnalysis(input: {
  /** Passing the asiiko_ai gate is what lets an analysis start: no caller can skip it. */
  grant: FeatureGrant<"asiiko_ai">;
  fields: AnalyzeFields;
  image: Buffer;
  language: LanguageCode;
}) {
  const { grant, fields, image, language } = input;
  const userId = grant.user.id;
  const inspected = await inspectImage(image, ANALYSIS_PHOTO_FORMATS);
  if (Math.min(inspected.width, inspected.height) < MIN_IMAGE_SIDE)
    throw new Refusal("AI_INVALID_IMAGE", "ai.errors.imageTooSmall");
  await verifyImageDecodes(image);

  const now = new Date();
  const open = await prisma.analysis.count({
    where: { userId, status: { in: [...OPEN_STATUSES] }, deadlineAt: { gt: now } },
  });
  if (open >= MAX_OPEN_ANALYSES) {
    throw new Refusal("RATE_TOO_MANY_REQUESTS", "ai.errors.tooMany", { headers: { "Retry-After": "30" } });
  }

  const upload = await acceptUpload(userId, "analysis", image, { queue: false, image: inspected });
  const deadlineAt = new Date(now.getTime() + analysisDeadlineMs());
  let analysis: Analysis;
  try {
    // The analysis and its hold on the trial are made together, or neither is.
    analysis = await prisma.$transaction(async (tx) => {
      const created = await tx.analysis.create({
        data: {
          userId,
          analysisType: fields.analysisType,
          preferredModel: fields.preferredModel,
          additionalContext: { ...fields.additionalContext },
          uploadId: upload.id,
          language,
          deadlineAt,
        },
      });
      const held = await holdTrialForAnalysis(tx, {
        userId,
        analysisId: created.id,
        until: deadlineAt,
        now,
        grantedAt: grant.grantedAt,
      });
      return held ? tx.analysis.update({ where: { id: created.id }, data: { onTrial: true } }) : created;
    });
  } catch (error) {
    await discardUpload(upload.id);
    throw error;
  }
  try {
    // The analysis id is the job id: the same analysis can never be queued twice.
    await enqueue("ai-analysis", { analysisId: analysis.id }, { jobId: analysis.id });
  } catch (error) {
    // Nothing was done yet: leave no trace rather than an analysis that never runs (nor holds the trial).
    logger.error({ err: error, analysisId: analysis.id }, "analysis could not be queued");
    await prisma.$transaction(async (tx) => {
      await releaseTrialHold(tx, userId, analysis.id);
      await tx.analysis.deleteMany({ where: { id: analysis.id } });
    });
    await discardUpload(upload.id);
    throw failureRefusal("AI_SERVICE_UNAVAILABLE");
  }
  return analysis;
}

/**
 * Ends the unfinished analyses `where` names, without a result, giving back the
 * trial's use each of them held; tells their followers. The ones it ended.
 * One statement when nothing is to be ended (every look at an analysis asks):
 * the hold is given back just after; were that step lost, the hold would lapse
 * at the analysis's deadline anyway.
 */
async function endUnfinished(
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
async function expireOverdue(where: { id: string } | { userId: string }) {
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

async function ownAnalysis(userId: string, id: string) {
  const analysis = await prisma.analysis.findFirst({ where: { id, userId } });
  // Another farmer's analysis is answered exactly like one that does not exist.
  if (!analysis) throw new Refusal("DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  return analysis;
}

/**
 * Follows one of the user's analyses until it has finished (or its deadline
 * has passed, which finishes it as timed out), calling `onChange` with each new
 * state. Wakes on the worker's change messages and looks every second anyway.
 */
export async function followAnalysis(
  userId: string,
  id: string,
  options: { signal?: AbortSignal; onChange?: (analysis: Analysis) => Promise<void> | void } = {},
): Promise<Analysis> {
  const { signal, onChange } = options;
  let changed = false;
  let wake: (() => void) | undefined;
  const stop = await onAnalysisChange(id, () => {
    changed = true;
    wake?.();
  });
  try {
    let seen = "";
    for (;;) {
      changed = false;
      let analysis = await ownAnalysis(userId, id);
      if (!isFinished(analysis) && analysis.deadlineAt.getTime() <= Date.now()) {
        await expireOverdue({ id });
        analysis = await ownAnalysis(userId, id);
      }
      const state = `${analysis.status}:${analysis.stage}:${analysis.progress}`;
      if (state !== seen) {
        seen = state;
        await onChange?.(analysis);
      }
      if (isFinished(analysis)) return analysis;
      signal?.throwIfAborted();
      if (changed) continue;
      // Until the next change message, the next regular look, or the deadline, whichever is first.
      const untilDeadline = Math.max(0, analysis.deadlineAt.getTime() - Date.now()) + 20;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(FOLLOW_POLL_MS, untilDeadline));
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          wake = undefined;
          resolve();
        }
        wake = done;
        signal?.addEventListener("abort", done, { once: true });
      });
      signal?.throwIfAborted();
    }
  } finally {
    stop();
  }
}

// ---------------------------------------------------------------------------
// What the owner sees

function contextOf(value: unknown): AnalysisContext {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const context: AnalysisContext = {};
  for (const key of ["cropType", "livestockType", "plantSpecies"] as const) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === "string") context[key] = item;
  }
  return context;
}

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
    if (!cursor)
      throw new Refusal("VLD_REQUIRED_FIELD", "ai.errors.notFound", { fields: { before: ["ai.errors.notFound"] } });
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
  if (!analysis.uploadId || upload?.status !== "ready") throw new Refusal("DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  const bytes = await readRendition(analysis.uploadId, "analysis", width);
  if (!bytes) throw new Refusal("DB_RECORD_NOT_FOUND", "ai.errors.notFound");
  return bytes;
}

// ---------------------------------------------------------------------------
// The worker's part

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
        throw new Refusal("AUTHZ_SUBSCRIPTION_REQUIRED", "premium.errors.required");
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
