import { SIGN_IN_PACE } from "./constants";

// The pace of sign-in attempts against one account from browsers it does not know, as pure
// numbers: sign-in-pace.server.ts applies it in Redis, and the unit test proves its hourly bound.

/** Seconds the account waits after its `failures`-th counted failure before the next attempt may be made. */
export function waitAfterFailure(failures: number): number {
  const { freeFailures, firstWaitSeconds, longestWaitSeconds } = SIGN_IN_PACE;
  if (failures < freeFailures) return 0;
  return Math.min(longestWaitSeconds, firstWaitSeconds * 2 ** (failures - freeFailures));
}

/**
 * The waits after the 1st, 2nd, ... failure until they stop growing (the last one repeats
 * from then on): [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 40].
 */
export function waitSchedule(): number[] {
  const waits: number[] = [];
  for (let failures = 1; ; failures += 1) {
    const wait = waitAfterFailure(failures);
    waits.push(wait);
    if (wait >= SIGN_IN_PACE.longestWaitSeconds) return waits;
  }
}

/** What the account's pace remembers: counted failures, when the next attempt may come, and the last attempt. */
export interface PaceState {
  failures: number;
  nextAt: number;
  lastAttemptAt: number;
}

export const FRESH_PACE: PaceState = { failures: 0, nextAt: 0, lastAttemptAt: -Infinity };

/**
 * One attempt at `now` (ms), as the Redis script applies it: refused with the wait (ms) before
 * the next may come, or let through and counted as a failure until the password proves right.
 * The count is forgotten after `forgetAfterSeconds` without an attempt that was let through.
 */
export function paceAttempt(
  state: PaceState,
  now: number,
): { allowed: true; state: PaceState } | { allowed: false; waitMs: number } {
  const current = now - state.lastAttemptAt >= SIGN_IN_PACE.forgetAfterSeconds * 1000 ? FRESH_PACE : state;
  if (now < current.nextAt) return { allowed: false, waitMs: current.nextAt - now };
  const failures = current.failures + 1;
  return { allowed: true, state: { failures, nextAt: now + waitAfterFailure(failures) * 1000, lastAttemptAt: now } };
}
