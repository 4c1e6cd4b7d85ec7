// Retry policy for requests and for the query cache (platform spec, section 9).

import { classifyError, type ErrorType } from "./errors";

export const RETRY_POLICY = {
  maxAttempts: 3,
  baseDelayMs: 1000,
  factor: 2,
  jitterRatio: 0.1,
  maxDelayMs: 30_000,
  retryableTypes: ["TIMEOUT", "NO_CONNECTION", "SERVER_ERROR"],
} as const satisfies {
  maxAttempts: number;
  baseDelayMs: number;
  factor: number;
  jitterRatio: number;
  maxDelayMs: number;
  retryableTypes: readonly ErrorType[];
};

export const QUERY_CACHE = {
  staleTimeMs: 300_000,
  gcTimeMs: 600_000,
  refetchOnWindowFocus: false,
} as const;

const QUERY_MAX_FAILURES = 3;
const MUTATION_MAX_FAILURES = 2;
const MUTATION_MAX_DELAY_MS = 15_000;

/** Delay before retry number `attempt` (1 = first retry), with up to 10% jitter, capped. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const delay = RETRY_POLICY.baseDelayMs * RETRY_POLICY.factor ** exponent;
  // Jitter spreads the retries of many clients that failed at the same moment.
  const jitter = delay * RETRY_POLICY.jitterRatio * random();
  return Math.min(delay + jitter, RETRY_POLICY.maxDelayMs);
}

function hasRetryableType(error: unknown): boolean {
  const { type } = classifyError(error);
  return (RETRY_POLICY.retryableTypes as readonly ErrorType[]).includes(type);
}

/** Whether another attempt is due after `attemptsMade` failed ones. */
export function shouldRetry(error: unknown, attemptsMade: number): boolean {
  return hasRetryableType(error) && attemptsMade < RETRY_POLICY.maxAttempts;
}

export type WithRetryOptions = {
  signal?: AbortSignal;
  /** Replaceable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  maxAttempts?: number;
};

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

// Resolves after `ms`, or rejects with the abort reason as soon as the signal fires.
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `operation` up to `maxAttempts` times (3 by default), waiting
 * retryDelay(n) before retry n. Errors that are not retryable are thrown at
 * once; an aborted signal stops the loop with the signal's reason.
 */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: WithRetryOptions = {},
): Promise<T> {
  const { signal, random = Math.random } = options;
  const maxAttempts = options.maxAttempts ?? RETRY_POLICY.maxAttempts;
  const sleep = options.sleep ?? ((ms: number) => abortableSleep(ms, signal));

  for (let attempt = 1; ; attempt += 1) {
    if (signal?.aborted) throw abortReason(signal);
    try {
      return await operation(attempt);
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (attempt >= maxAttempts || !hasRetryableType(error)) throw error;
      await sleep(retryDelay(attempt, random));
    }
  }
}

// Query-cache rules. As the cache library passes it, failureCount is the
// number of earlier failures: 0 when the first attempt has just failed.

export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, RETRY_POLICY.maxDelayMs);
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return classifyError(error).retryable && failureCount < QUERY_MAX_FAILURES;
}

export function mutationRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MUTATION_MAX_DELAY_MS);
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return classifyError(error).retryable && failureCount < MUTATION_MAX_FAILURES;
}
