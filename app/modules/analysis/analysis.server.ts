import { getEnv } from "~/env.server";
import type { Analysis } from "~/generated/prisma/client";
import { enqueue } from "~/jobs/enqueue.server";
import type { LanguageCode } from "~/lib/i18n";
import type { FeatureGrant } from "~/modules/auth/gates.server";
import { holdTrialForAnalysis, releaseTrialHold } from "~/modules/premium/premium.server";
import {
  acceptUpload,
  ANALYSIS_PHOTO_FORMATS,
  discardUpload,
  inspectImage,
  verifyImageDecodes,
} from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { MAX_OPEN_ANALYSES, MIN_IMAGE_SIDE } from "./constants";
import { onAnalysisChange } from "./events.server";
import { expireOverdue, failureRefusal, OPEN_STATUSES, ownAnalysis } from "./records.server";
import type { AnalyzeFields } from "./schemas";
import { isFinished } from "./view";

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
//
// This file is the request's part: starting an analysis and following it until it ends. What the
// owner reads is views.server.ts; the worker's part is runs.server.ts.

/** Followers look at the row at least this often, in case a change message was lost. */
const FOLLOW_POLL_MS = 1_000;

export function analysisDeadlineMs() {
  return getEnv().AI_ANALYSIS_DEADLINE_SECONDS * 1000;
}

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
    throw new Refusal(400, "AI_INVALID_IMAGE", "ai.errors.imageTooSmall");
  await verifyImageDecodes(image);

  const now = new Date();
  const open = await prisma.analysis.count({
    where: { userId, status: { in: [...OPEN_STATUSES] }, deadlineAt: { gt: now } },
  });
  if (open >= MAX_OPEN_ANALYSES) {
    throw new Refusal(429, "RATE_TOO_MANY_REQUESTS", "ai.errors.tooMany", undefined, { "Retry-After": "30" });
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
