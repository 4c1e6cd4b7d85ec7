// Classification of request failures: each failure gets a type (which the retry
// policies in ./constants.ts go by) and the message shown for it. Shared by the
// browser and the server, so it must not import node modules.

export type ErrorType =
  | "NO_CONNECTION"
  | "TIMEOUT"
  | "VALIDATION_ERROR"
  | "AUTHENTICATION_ERROR"
  | "RATE_LIMITED"
  | "SERVER_ERROR"
  | "UNKNOWN";

/**
 * The texts shown to the user. Keyed by case rather than by type alone: 401/403
 * and 400/404 share a type but not a message, and UI code translates by key.
 */
export const ERROR_MESSAGES = {
  NO_CONNECTION: "Please check your internet connection",
  TIMEOUT: "The request took too long. Please try again",
  VALIDATION_ERROR: "Please check your input and try again",
  NOT_FOUND: "The requested item was not found",
  AUTHENTICATION_ERROR: "Please log in again",
  PERMISSION_DENIED: "You do not have permission to perform this action",
  RATE_LIMITED: "Please wait a moment before trying again",
  SERVER_ERROR: "Our servers are having issues. Please try again in a few minutes",
  UNKNOWN: "Something went wrong. Please try again",
  OFFLINE: "No internet connection",
} as const;

export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** Where each of ERROR_MESSAGES is translated (app/locales, under "errors"). */
export const ERROR_TEXT_KEYS: Record<ErrorMessageKey, string> = {
  NO_CONNECTION: "errors.noConnection",
  TIMEOUT: "errors.timeout",
  VALIDATION_ERROR: "errors.validation",
  NOT_FOUND: "errors.notFound",
  AUTHENTICATION_ERROR: "errors.unauthorized",
  PERMISSION_DENIED: "errors.forbidden",
  RATE_LIMITED: "errors.rateLimited",
  SERVER_ERROR: "errors.server",
  UNKNOWN: "errors.unknown",
  OFFLINE: "errors.offlineRequest",
};

export type ErrorClassification = {
  type: ErrorType;
  message: string;
  /** Which entry of ERROR_MESSAGES the message is, for translation. */
  messageKey: ErrorMessageKey;
  status?: number;
};

type ServerErrorBody = { success: false; error: { code: string; message: string } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function parseServerError(body: string): ServerErrorBody["error"] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.success !== false || !isRecord(parsed.error)) return null;
  const { code, message } = parsed.error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  return { code, message };
}

/** A reply with a non-OK status. Its message reads "status: body", or "status: status text" for an empty body. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The raw reply body, possibly empty. */
  readonly body: string;
  /** The server's error code, when the body is the API's `{ success: false, error }` shape. */
  readonly code?: string;
  /** The server's own text; kept for logs, never shown to the user (they see the message of the classification). */
  readonly serverMessage?: string;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    const parsed = parseServerError(body);
    if (parsed) {
      this.code = parsed.code;
      this.serverMessage = parsed.message;
    }
  }
}

/** Raised without calling the network while the app knows it is offline. */
export class OfflineError extends Error {
  override readonly name = "OfflineError";

  constructor() {
    super(ERROR_MESSAGES.OFFLINE);
  }
}

// fetch rejects with a TypeError whose text depends on the runtime: Chrome
// "Failed to fetch", Firefox "NetworkError when attempting to fetch resource.",
// Safari "Load failed" / "The network connection was lost.", Node "fetch failed".
// Matching the text keeps programming TypeErrors out of NO_CONNECTION.
const NETWORK_FAILURE = /failed to fetch|fetch failed|networkerror|network connection|load failed/i;

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}

function isAbortOrTimeout(error: unknown): boolean {
  // DOMException is not an Error subclass in every runtime, so go by name.
  return isRecord(error) && (error.name === "AbortError" || error.name === "TimeoutError");
}

function result(type: ErrorType, messageKey: ErrorMessageKey, status?: number): ErrorClassification {
  const classification: ErrorClassification = { type, message: ERROR_MESSAGES[messageKey], messageKey };
  if (status !== undefined) classification.status = status;
  return classification;
}

function classifyStatus(status: number): ErrorClassification {
  switch (status) {
    case 400:
      return result("VALIDATION_ERROR", "VALIDATION_ERROR", status);
    case 401:
      return result("AUTHENTICATION_ERROR", "AUTHENTICATION_ERROR", status);
    case 403:
      return result("AUTHENTICATION_ERROR", "PERMISSION_DENIED", status);
    case 404:
      return result("VALIDATION_ERROR", "NOT_FOUND", status);
    case 429:
      return result("RATE_LIMITED", "RATE_LIMITED", status);
    case 500:
    case 502:
    case 503:
    case 504:
      return result("SERVER_ERROR", "SERVER_ERROR", status);
    default:
      return result("UNKNOWN", "UNKNOWN", status);
  }
}

export function classifyError(error: unknown): ErrorClassification {
  if (error instanceof OfflineError || isNetworkFailure(error)) {
    return result("NO_CONNECTION", "NO_CONNECTION");
  }
  if (isAbortOrTimeout(error)) return result("TIMEOUT", "TIMEOUT");
  if (error instanceof ApiError) return classifyStatus(error.status);
  return result("UNKNOWN", "UNKNOWN");
}
