import { findAnalysisForJob } from "~/modules/analysis/analysis.server";
import type { Processor } from "./types";

// Runs a queued photo analysis. The analyzers (OpenAI, Claude, Gemini and the
// built-in one) arrive with the AI feature; until then the job confirms the
// analysis exists and reports that no analyzer ran.
export const processAiAnalysis: Processor<"ai-analysis"> = async (job, { log }) => {
  const analysis = await findAnalysisForJob(job.data.analysisId);
  if (!analysis) {
    log.warn({ analysisId: job.data.analysisId }, "analysis no longer exists; nothing to do");
    return { skipped: "analysis not found" };
  }
  await job.updateProgress(100);
  log.info({ analysisId: analysis.id, status: analysis.status }, "analysis job received");
  return { analysisId: analysis.id, status: analysis.status };
};
