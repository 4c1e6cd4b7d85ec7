// The network layer's numbers, all in one place: the request time-out, the
// retry policies and the health check.

import type { ErrorType } from "./errors";

/** Every request gives up after 15 s. */
export const REQUEST_TIMEOUT_MS = 15_000;

export type RetryPolicy = {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  /** The wait before the first retry; each later one is `factor` times longer. */
  baseDelayMs: number;
  factor: number;
  /** Up to this share of the wait is added at random, so clients that failed together spread out. */
  jitterRatio: number;
  maxDelayMs: number;
  /** Failures of other types are never retried. */
  retriedTypes: readonly ErrorType[];
};

/** Reads: at most 3 attempts, waiting 1 s then 2 s (plus up to 10%), never more than 30 s. */
export const RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 1000,
  factor: 2,
  jitterRatio: 0.1,
  maxDelayMs: 30_000,
  retriedTypes: ["TIMEOUT", "NO_CONNECTION", "SERVER_ERROR"],
};

/** Writes: the same, but at most 2 attempts and never more than 15 s of waiting. */
export const MUTATION_RETRY_POLICY: RetryPolicy = {
  ...RETRY_POLICY,
  maxAttempts: 2,
  maxDelayMs: 15_000,
};

/** HEAD /api/health every 30 s; no answer within 5 s counts as offline. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;
