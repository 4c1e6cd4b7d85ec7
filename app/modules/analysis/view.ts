import type { AiFailureCode, AiModel, AnalysisContext, AnalysisType, Answerer, Severity } from "./types";

// An analysis as the API and the page show it to its owner (GET /api/ai/analyses,
// /api/ai/analyses/{id}, each event of /api/ai/analyses/{id}/events).

export const ANALYSIS_STAGES = ["queued", "preparing", "analysing", "writing", "done"] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

export type AnalysisStatus = "queued" | "processing" | "completed" | "failed";

/** Progress (percent) the worker reports as it enters each stage. */
export const STAGE_PROGRESS: Record<AnalysisStage, number> = {
  queued: 0,
  preparing: 15,
  analysing: 40,
  writing: 90,
  done: 100,
};

/** The specification's progress bar stands at 66 while analysing; real progress moves it on from there, never below. */
export const PROGRESS_FLOOR = 66;
export const shownProgress = (progress: number) =>
  Math.round(PROGRESS_FLOOR + ((100 - PROGRESS_FLOOR) * Math.min(100, Math.max(0, progress))) / 100);

export interface AnalysisView {
  id: string;
  analysisType: AnalysisType;
  preferredModel: AiModel;
  /** Who answered: a provider, or "builtin" (the photo screening); null until known. */
  answeredBy: Answerer | null;
  status: AnalysisStatus;
  stage: AnalysisStage;
  progress: number;
  severity: Severity | null;
  confidence: number | null;
  diagnosis: string | null;
  treatment: string | null;
  recommendations: string[];
  /**
   * False when the analyzer could not assess the photo: the severity and confidence
   * then grade nothing (no risk is shown); the diagnosis says why and the
   * recommendations how to retake it. True otherwise (and while unfinished).
   */
  assessable: boolean;
  /** Why it failed, in the reader's language. */
  error: { code: AiFailureCode | string; message: string } | null;
  context: AnalysisContext;
  createdAt: string;
  completedAt: string | null;
  /** The photo (800 px) and its thumbnail (320 px), served to the owner only; null until the photo is prepared (or when it could not be). */
  photoUrl: string | null;
  thumbnailUrl: string | null;
}

export const isFinished = (view: Pick<AnalysisView, "status">) =>
  view.status === "completed" || view.status === "failed";
