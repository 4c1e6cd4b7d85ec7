import { MUTATION_RETRY_POLICY } from "~/lib/http/constants";
import { apiRequest } from "~/lib/http/request";

export type BoundaryLevel = "app" | "page" | "component";

export interface CaughtError {
  errorId: string;
  boundary: string;
  level: BoundaryLevel;
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp: string;
  retryCount: number;
}

/** A short id a person can read out to support: ERR-<time>-<random>. */
export function newErrorId(now = Date.now(), random = Math.random) {
  return `ERR-${now.toString(36).toUpperCase()}-${Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, "0")}`;
}

export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === "object" && error && "status" in error && "statusText" in error) {
    return {
      message:
        `${String((error as { status: unknown }).status)} ${String((error as { statusText: unknown }).statusText)}`.trim(),
    };
  }
  return { message: typeof error === "string" ? error : "Unknown error" };
}

/**
 * Sends the report to POST /api/errors/frontend through the request helper,
 * retried as a write (a lost connection, a time-out or a server error gets
 * one more try). A failure is only logged here in the browser; it never throws.
 * Texts are cut to the lengths the server accepts.
 */
export async function reportError(caught: CaughtError): Promise<void> {
  try {
    const report = {
      ...caught,
      message: caught.message.slice(0, 2000),
      stack: caught.stack?.slice(0, 16000),
      componentStack: caught.componentStack?.slice(0, 16000),
      userAgent: navigator.userAgent.slice(0, 512),
      url: window.location.href.slice(0, 2048),
    };
    await apiRequest("POST", "/api/errors/frontend", report, { retry: MUTATION_RETRY_POLICY });
  } catch (error) {
    console.error("Could not report the error", error);
  }
}

/** The prefilled support e-mail: error id, boundary, level, message, address and time. */
export function supportMailto(supportEmail: string, caught: CaughtError, subject: string, url: string) {
  const body = [
    `Error ID: ${caught.errorId}`,
    `Boundary: ${caught.boundary}`,
    `Level: ${caught.level}`,
    `Message: ${caught.message}`,
    `URL: ${url}`,
    `Time: ${caught.timestamp}`,
  ].join("\n");
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const MAX_RETRIES = 3;
/** From the second retry on, the re-render waits 1000 ms times the retry number. */
export function retryDelayMs(retryNumber: number) {
  return retryNumber >= 2 ? 1000 * retryNumber : 0;
}
