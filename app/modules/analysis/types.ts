import { z } from "~/lib/zod";
import type { LanguageCode } from "~/lib/i18n";
import { text } from "~/lib/text";
import { SEVERITIES, type AnalysisContext, type AnalysisType } from "./kinds";

// What an analysis is, for every part of Asiiko AI: the request's choices, the
// result every analyzer (the three providers and the built-in one) must give,
// and the failures an analyzer may report. Isomorphic: the page uses it too.

export { AI_MODELS, ANALYSIS_TYPES, CONTEXT_FIELD, SEVERITIES } from "./kinds";
export type { AiModel, AnalysisContext, AnalysisType, Answerer, Severity } from "./kinds";

/** Limits of a result as stored and shown. */
export const RESULT_LIMITS = {
  textMax: 4000,
  recommendationMax: 1000,
  recommendationsMin: 1,
  recommendationsMax: 8,
} as const;

/**
 * The result every analyzer answers (the spec's analysis result), checked with
 * this schema whoever produced it: a provider's JSON that does not fit is
 * malformed output.
 */
export const analysisResultSchema = z.object({
  severity: z.enum(SEVERITIES),
  confidence: z.number().min(0).max(100),
  diagnosis: text({ min: 1, max: RESULT_LIMITS.textMax }),
  treatment: text({ min: 1, max: RESULT_LIMITS.textMax }),
  recommendations: z
    .array(text({ min: 1, max: RESULT_LIMITS.recommendationMax }))
    .min(RESULT_LIMITS.recommendationsMin)
    .max(RESULT_LIMITS.recommendationsMax),
  /**
   * False when the analyzer could not assess the photo at all (nothing of the
   * subject to read: a blank, dark or blurred frame, or no leaf, animal or plant
   * in it). The severity and confidence then mean nothing: the page shows no risk,
   * the diagnosis says why and the recommendations how to take the photo again,
   * and the premium use (the trial) is not spent. A provider that leaves it out
   * has assessed the photo.
   */
  assessable: z.boolean().default(true),
});
/** A result as stored and shown (`assessable` always set). */
export type AnalysisResult = z.infer<typeof analysisResultSchema>;
/** A result as an analyzer may answer it (`assessable` may be left out: assessed). */
export type AnalysisAnswer = z.input<typeof analysisResultSchema>;

/** What an analyzer is given. */
export interface AnalyzerInput {
  /** The prepared photo (metadata stripped, long side at most 1600 px). */
  image: Buffer;
  mimeType: "image/webp" | "image/jpeg" | "image/png";
  analysisType: AnalysisType;
  context: AnalysisContext;
  /** The interface language the result must be written in. */
  language: LanguageCode;
  /** Aborts when the analysis runs out of time. */
  signal: AbortSignal;
}

export type Analyzer = (input: AnalyzerInput) => Promise<AnalysisAnswer>;

/** The catalogue codes an analysis can fail with. */
export const AI_FAILURE_CODES = [
  "AI_ANALYSIS_FAILED",
  "AI_SERVICE_UNAVAILABLE",
  "AI_MODEL_OVERLOADED",
  "AI_PROCESSING_TIMEOUT",
  "AI_INVALID_IMAGE",
] as const;
export type AiFailureCode = (typeof AI_FAILURE_CODES)[number];

/**
 * An analyzer's failure: which catalogue code fits, and whether trying the same
 * call again later may succeed (an overloaded or unreachable provider) or not
 * (malformed output twice, an image it refuses).
 */
export class AiFailure extends Error {
  constructor(
    readonly code: AiFailureCode,
    message: string,
    readonly retryable: boolean,
    /** Seconds the provider asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AiFailure";
  }
}
