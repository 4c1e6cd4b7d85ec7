import type { TFunction } from "i18next";
import { ApiError, classifyError, ERROR_TEXT_KEYS, OfflineError } from "~/lib/http/errors";
import type { AiModel, AnalysisType, Answerer, Severity } from "~/modules/analysis/kinds";
import type { AnalysisStage, AnalysisView } from "~/modules/analysis/view";

// The words the Asiiko page shows for an analysis: its stage, its type, its
// severity, who answered, and what went wrong. Pure, so they are tested alone.

/** The assistants' names: brand names, the same in every language. */
export const AGENT_NAMES: Record<AiModel, string> = { openai: "OpenAI", claude: "Claude", gemini: "Gemini" };

/** The tabs and the history name each analysis type so. */
export const TYPE_LABELS = {
  crop_health: "asiiko.types.crop_health",
  livestock: "asiiko.types.livestock",
  traditional_medicine: "asiiko.types.traditional_medicine",
} as const satisfies Record<AnalysisType, string>;

/** The stage under 'Analyzing with Asiiko AI...'; "uploading" is before the server has the photo. */
export type ShownStage = AnalysisStage | "uploading";
export const STAGE_LABELS = {
  uploading: "asiiko.stages.uploading",
  queued: "asiiko.stages.queued",
  preparing: "asiiko.stages.preparing",
  analysing: "asiiko.stages.analysing",
  writing: "asiiko.stages.writing",
  done: "asiiko.stages.done",
} as const satisfies Record<ShownStage, string>;

/** The stage of an analysis being followed; none yet while the photo is still on its way. */
export const shownStage = (view: Pick<AnalysisView, "stage"> | null): ShownStage => view?.stage ?? "uploading";

/** 'LOW RISK' (green), 'MEDIUM RISK' (yellow), 'HIGH RISK' (red). */
export const SEVERITY_LABELS = {
  low: "asiiko.risk.low",
  medium: "asiiko.risk.medium",
  high: "asiiko.risk.high",
} as const satisfies Record<Severity, string>;

export const SEVERITY_TONES: Record<Severity, string> = {
  low: "bg-brand-100 text-brand-800 ring-brand-600/20 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-400/30",
  medium: "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30",
  high: "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30",
};

/** Confidence as the spec shows it: a rounded percent, kept within 0-100. */
export const confidencePercent = (confidence: number) => Math.round(Math.min(100, Math.max(0, confidence)));

/** Who answered, in words: a provider's name, or the built-in photo screening. */
export function answererText(t: TFunction, answeredBy: Answerer) {
  return answeredBy === "builtin"
    ? t("asiiko.result.answeredByBuiltin")
    : t("asiiko.result.answeredBy", { name: AGENT_NAMES[answeredBy] });
}

/** The context the farmer gave ('Cassava'), or null when they gave none ('Unknown' is the spec's none). */
export function contextName(view: Pick<AnalysisView, "context">): string | null {
  const value = view.context.cropType ?? view.context.livestockType ?? view.context.plantSpecies;
  const name = value?.trim();
  return name && name.toLowerCase() !== "unknown" ? name : null;
}

/** The server said yes (2xx) but without an analysis: its message, or 'Analysis failed'. */
export class AnalysisAnswerError extends Error {
  override readonly name = "AnalysisAnswerError";
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? "Analysis failed");
  }
}

/**
 * What the red box and the 'Analysis Failed' toast say about a request that failed:
 * "403: <the server's message>" for a refusal (the server writes it in the reader's
 * language), the connection's trouble in words, else 'Unknown error occurred'.
 */
export function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.serverMessage?.trim() || t(ERROR_TEXT_KEYS[classifyError(error).messageKey]);
    return `${error.status}: ${message}`;
  }
  if (error instanceof AnalysisAnswerError) return error.serverMessage?.trim() || t("asiiko.analysisFailed");
  if (error instanceof OfflineError) return t("errors.offlineRequest");
  const classified = classifyError(error);
  if (classified.type === "NO_CONNECTION" || classified.type === "TIMEOUT")
    return t(ERROR_TEXT_KEYS[classified.messageKey]);
  return t("asiiko.unknownError");
}

/** What a failed analysis says about itself (the server's words), else 'Unknown error occurred'. */
export function viewFailureText(t: TFunction, view: Pick<AnalysisView, "error">): string {
  return view.error?.message.trim() || t("asiiko.unknownError");
}
