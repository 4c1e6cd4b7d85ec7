import type { AiFailureCode } from "./types";

// How each way an analysis can end without a result is answered: the HTTP
// status of the request that waited for it, and the message (a translation key).

export interface FailureAnswer {
  status: number;
  messageKey: string;
  /** Seconds to suggest waiting before trying again (Retry-After). */
  retryAfterSeconds?: number;
}

export const FAILURE_ANSWERS: Record<AiFailureCode, FailureAnswer> = {
  AI_ANALYSIS_FAILED: { status: 502, messageKey: "ai.errors.failed" },
  AI_SERVICE_UNAVAILABLE: { status: 503, messageKey: "ai.errors.unavailable", retryAfterSeconds: 60 },
  AI_MODEL_OVERLOADED: { status: 503, messageKey: "ai.errors.overloaded", retryAfterSeconds: 60 },
  AI_PROCESSING_TIMEOUT: { status: 504, messageKey: "ai.errors.timeout" },
  AI_INVALID_IMAGE: { status: 400, messageKey: "ai.errors.imageUnreadable" },
};

/** An analysis whose trial use was taken by another analysis finishing first. */
export const TRIAL_TAKEN: FailureAnswer = { status: 403, messageKey: "ai.errors.trialRaced" };

export function failureAnswer(code: string): FailureAnswer {
  if (code in FAILURE_ANSWERS) return FAILURE_ANSWERS[code as AiFailureCode];
  if (code.startsWith("AUTHZ_")) return TRIAL_TAKEN;
  return FAILURE_ANSWERS.AI_ANALYSIS_FAILED;
}
