import type { RetryPolicy } from "./constants";
import { classifyError } from "./errors";

/**
 * How long to wait before trying again after `attemptsMade` failed attempts,
 * or null to give up: the failure's type is not one the policy retries, or the
 * attempts are used up. Retry n waits baseDelayMs × factor^(n-1), plus up to
 * jitterRatio of that at random, and never more than maxDelayMs.
 */
export function retryDelay(error: unknown, attemptsMade: number, policy: RetryPolicy): number | null {
  if (attemptsMade >= policy.maxAttempts) return null;
  if (!policy.retriedTypes.includes(classifyError(error).type)) return null;
  const delay = policy.baseDelayMs * policy.factor ** Math.max(0, attemptsMade - 1);
  return Math.min(delay * (1 + policy.jitterRatio * Math.random()), policy.maxDelayMs);
}
