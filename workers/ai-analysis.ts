import { UnrecoverableError } from "bullmq";
import { QUEUE_POLICIES } from "~/jobs/queues";
import { runAnalysis } from "~/modules/analysis/runs.server";
import type { Processor } from "./types";

// Runs one try of a queued photo analysis (app/modules/analysis). A failure a
// later try may mend is thrown so the queue tries again after its wait; an
// analysis that ended failed shows as a failed job in the dashboard, unretried.
export const processAiAnalysis: Processor<"ai-analysis"> = async (job, { log, signal }) => {
  const { attempts, backoff } = QUEUE_POLICIES["ai-analysis"];
  const result = await runAnalysis(job.data.analysisId, {
    signal,
    lastTry: job.attemptsMade + 1 >= (job.opts.attempts ?? attempts),
    retryDelayMs: backoff.delay,
    log,
  });
  if (result.outcome === "retry") throw result.error;
  if (result.outcome === "failed") throw new UnrecoverableError(`analysis failed: ${result.code}`);
  await job.updateProgress(100);
  return { analysisId: job.data.analysisId, outcome: result.outcome };
};
