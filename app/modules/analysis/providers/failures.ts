import { AiFailure, type AiModel } from "../types";

// From a provider's error to the catalogue's failure. Each provider module
// reads its SDK's error into an ErrorReading; the mapping itself lives here
// once, so the three providers fail alike. Whether to try again is the job
// queue's decision, guided by `retryable`: the SDKs never retry on their own.

export const PROVIDER_LABELS: Record<AiModel, string> = {
  openai: "OpenAI",
  claude: "Anthropic",
  gemini: "Gemini",
};

/** What a provider's SDK error says, as far as the mapping needs. */
export interface ErrorReading {
  /** The HTTP status the provider answered with, when it answered. */
  status?: number;
  /** Seconds the provider asked us to wait (Retry-After, or a retry delay in the body). */
  retryAfterSeconds?: number;
  /** The provider's own error code or type, such as "insufficient_quota". */
  code?: string;
  /** The provider's own explanation (may be shown in logs; never the key). */
  message?: string;
  /** The SDK gave up waiting (its own time-out). */
  timedOut?: boolean;
  /** The provider could not be reached (refused, reset, no such host). */
  unreachable?: boolean;
}

/** Seconds to wait from a Retry-After value (delay-seconds or an HTTP date), or from retry-after-ms. */
export function retryAfterSeconds(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  const value = headers?.get("retry-after")?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  // OpenAI and Anthropic may also send milliseconds in this non-standard header.
  const milliseconds = headers?.get("retry-after-ms")?.trim();
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return Math.ceil(Number(milliseconds) / 1000);
  return undefined;
}

/** Whether an error (or its cause) is fetch failing to reach the server: refused, reset, unknown host. */
export function isUnreachable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth += 1
  ) {
    const code = (current as Error & { code?: unknown }).code;
    if (
      typeof code === "string" &&
      /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(
        code,
      )
    )
      return true;
    if (current instanceof TypeError && current.message === "fetch failed") return true;
  }
  return false;
}

/** Whether an error is an abort or a time-out of fetch itself (DOMException AbortError or TimeoutError). */
export function isAbortOrTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/** The text with every occurrence of the key blanked, so no message or log line carries it. */
export function withoutKey(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join("[redacted]") : text;
}

const MESSAGE_MAX = 300;

function brief(text: string | undefined, apiKey: string): string {
  if (!text) return "";
  const clean = withoutKey(text.replace(/\s+/g, " ").trim(), apiKey);
  return clean.length > MESSAGE_MAX ? `: ${clean.slice(0, MESSAGE_MAX)}…` : `: ${clean}`;
}

const IMAGE_REFUSALS = new Set([400, 413, 415, 422]);

/** The catalogue failure for what the provider's error says. */
export function failureFromReading(provider: AiModel, reading: ErrorReading, apiKey: string): AiFailure {
  const name = PROVIDER_LABELS[provider];
  const { status } = reading;
  if (reading.timedOut) return new AiFailure("AI_PROCESSING_TIMEOUT", `${name} did not answer in time`, true);
  if (status === undefined) {
    if (reading.unreachable)
      return new AiFailure(
        "AI_SERVICE_UNAVAILABLE",
        `${name} could not be reached${brief(reading.message, apiKey)}`,
        true,
      );
    return new AiFailure("AI_SERVICE_UNAVAILABLE", `${name} call failed${brief(reading.message, apiKey)}`, true);
  }
  const answered = `${name} answered ${status}${brief(reading.message, apiKey)}`;
  if (status === 401 || status === 403) {
    // The provider's text may echo part of the key; an operator needs only to know which key to fix.
    return new AiFailure(
      "AI_SERVICE_UNAVAILABLE",
      `${name} refused the API key (${status}); an operator must check the ${provider} key and its permissions`,
      false,
    );
  }
  if (status === 429 && reading.code === "insufficient_quota") {
    // OpenAI's 429 for an account out of credit: waiting does not help, paying does.
    return new AiFailure(
      "AI_SERVICE_UNAVAILABLE",
      `${answered} (the account has no quota left; an operator must check billing)`,
      false,
    );
  }
  if (status === 429 || status === 529)
    return new AiFailure("AI_MODEL_OVERLOADED", answered, true, reading.retryAfterSeconds);
  if (status === 408) return new AiFailure("AI_PROCESSING_TIMEOUT", answered, true);
  if (IMAGE_REFUSALS.has(status)) return new AiFailure("AI_INVALID_IMAGE", answered, false);
  if (status >= 500) return new AiFailure("AI_SERVICE_UNAVAILABLE", answered, true, reading.retryAfterSeconds);
  if (status === 409) return new AiFailure("AI_SERVICE_UNAVAILABLE", answered, true);
  // 402 (billing), 404 (no such model) and the rest: configuration, not luck; an operator must act.
  return new AiFailure("AI_SERVICE_UNAVAILABLE", answered, false);
}

/**
 * What an analyzer throws for an error of one provider call: the caller's own
 * abort reason when the caller aborted; a time-out when our deadline passed;
 * otherwise what the provider's error says.
 */
export function callFailure(
  provider: AiModel,
  error: unknown,
  read: (error: unknown) => ErrorReading,
  { caller, deadline, apiKey }: { caller: AbortSignal; deadline: AbortSignal; apiKey: string },
): unknown {
  if (caller.aborted) return caller.reason;
  if (error instanceof AiFailure) return error;
  if (deadline.aborted)
    return new AiFailure("AI_PROCESSING_TIMEOUT", `${PROVIDER_LABELS[provider]} did not answer in time`, true);
  return failureFromReading(provider, read(error), apiKey);
}
