import { describe, expect, it } from "vitest";
import { SIGN_IN_PACE } from "./constants";
import { FRESH_PACE, paceAttempt, waitAfterFailure, waitSchedule, type PaceState } from "./sign-in-pace";

// The pace of guesses against one account from browsers it does not know: a guesser with any
// number of addresses and devices shares one pace, so what one pace allows in an hour is all
// anyone gets.

const HOUR_MS = 3_600_000;

/**
 * A guesser who tries again the moment each wait is over, and after every `burst` tries (if
 * given) stays away until the count is forgotten and starts again: the times of the guesses
 * that were let through, over `hours`.
 */
function guesses({ hours, burst }: { hours: number; burst?: number }): number[] {
  let state: PaceState = FRESH_PACE;
  let now = 0;
  let sinceBreak = 0;
  const times: number[] = [];
  while (now < hours * HOUR_MS) {
    const answer = paceAttempt(state, now);
    if (!answer.allowed) {
      now += answer.waitMs;
      continue;
    }
    state = answer.state;
    times.push(now);
    sinceBreak += 1;
    if (burst !== undefined && sinceBreak === burst) {
      now += SIGN_IN_PACE.forgetAfterSeconds * 1000;
      sinceBreak = 0;
    }
  }
  return times;
}

/** The most guesses in any hour (a sliding window over the guesses' times). */
function busiestHour(times: number[]) {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= HOUR_MS) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe("the sign-in pace", () => {
  it("lets the first five wrong passwords through at once, then waits 1, 2, 4, 8, 16, 32 and at most 40 seconds", () => {
    expect(waitSchedule()).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 40]);
    expect(waitAfterFailure(50)).toBe(40);
    expect(waitAfterFailure(10_000)).toBe(SIGN_IN_PACE.longestWaitSeconds);
  });

  it("allows a greedy guesser 99 guesses in the first hour and 90 in each hour after", () => {
    const times = guesses({ hours: 6 });
    expect(times.filter((time) => time < HOUR_MS)).toHaveLength(99);
    expect(times.filter((time) => time >= 5 * HOUR_MS)).toHaveLength(90);
    expect(busiestHour(times)).toBeLessThanOrEqual(SIGN_IN_PACE.guessesPerHourAtMost);
  });

  it("never allows more than 100 guesses in any hour, whenever the guesser pauses for the count to be forgotten", () => {
    for (let burst = 1; burst <= 40; burst += 1) {
      expect(busiestHour(guesses({ hours: 4, burst })), `bursts of ${burst}`).toBeLessThanOrEqual(
        SIGN_IN_PACE.guessesPerHourAtMost,
      );
    }
  });

  it("refuses a guess made during the wait, says how long is left, and does not make the wait longer", () => {
    let state: PaceState = FRESH_PACE;
    for (let failure = 0; failure < 7; failure += 1) {
      const answer = paceAttempt(state, state.nextAt);
      if (!answer.allowed) throw new Error("refused at the moment the wait ended");
      state = answer.state;
    }
    // Seven failures: the next attempt waits 4 s from the seventh.
    const seventhAt = state.lastAttemptAt;
    expect(paceAttempt(state, seventhAt + 1_000)).toEqual({ allowed: false, waitMs: 3_000 });
    expect(paceAttempt(state, seventhAt + 3_500)).toEqual({ allowed: false, waitMs: 500 });
    expect(paceAttempt(state, seventhAt + 4_000).allowed).toBe(true);
  });

  it("keeps the owner's wait on a new phone to seconds, however many guesses came before", () => {
    let state: PaceState = FRESH_PACE;
    let longest = 0;
    for (let failure = 0; failure < 500; failure += 1) {
      const answer = paceAttempt(state, state.nextAt);
      if (!answer.allowed) throw new Error("refused at the moment the wait ended");
      state = answer.state;
      longest = Math.max(longest, state.nextAt - state.lastAttemptAt);
    }
    expect(longest).toBe(40_000);
  });

  it("forgets the count after 15 minutes without a guess", () => {
    let state: PaceState = FRESH_PACE;
    for (let failure = 0; failure < 12; failure += 1) {
      const answer = paceAttempt(state, state.nextAt);
      if (answer.allowed) state = answer.state;
    }
    expect(paceAttempt(state, state.lastAttemptAt + 60_000)).toMatchObject({ allowed: true });
    const later = paceAttempt(state, state.lastAttemptAt + 15 * 60_000);
    expect(later).toMatchObject({ allowed: true, state: { failures: 1 } });
  });
});
