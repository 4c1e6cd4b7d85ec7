import { describe, expect, it } from "vitest";
import { createAnswerTracker, type FetcherLike } from "./use-fetcher-answer";

// What useFetcherAnswer hands its handler as a fetcher goes through its
// states: each answer once, when the fetcher is idle again.

type Answer = { ok: boolean };

/** The answers handled as the fetcher goes through `states`. */
function handled(initial: Answer | undefined, states: FetcherLike<Answer>[]) {
  const tracker = createAnswerTracker(initial);
  return states.map((state) => tracker.take(state)).filter((answer) => answer !== undefined);
}

describe("fetcher answers", () => {
  it("are handled once the fetcher is idle again, not while the page reloads behind it", () => {
    const saved = { ok: true };
    const tracker = createAnswerTracker<Answer>(undefined);
    expect(tracker.take({ state: "idle", data: undefined })).toBeUndefined();
    expect(tracker.take({ state: "submitting", data: undefined })).toBeUndefined();
    expect(tracker.take({ state: "loading", data: saved })).toBeUndefined();
    expect(tracker.take({ state: "idle", data: saved })).toBe(saved);
    expect(tracker.take({ state: "idle", data: saved })).toBeUndefined();
  });

  it("are handled once however often the same answer is seen", () => {
    const saved = { ok: true };
    expect(
      handled(undefined, [
        { state: "idle", data: saved },
        { state: "idle", data: saved },
        { state: "idle", data: saved },
      ]),
    ).toEqual([saved]);
  });

  it("are each handled, even when a second one reads the same as the first", () => {
    const first = { ok: false };
    const second = { ok: false };
    expect(
      handled(undefined, [
        { state: "idle", data: first },
        { state: "submitting", data: first },
        { state: "idle", data: second },
      ]),
    ).toEqual([first, second]);
  });

  it("leave out an answer that was there before the component appeared", () => {
    const earlier = { ok: true };
    const fresh = { ok: true };
    expect(
      handled(earlier, [
        { state: "idle", data: earlier },
        { state: "submitting", data: earlier },
        { state: "idle", data: fresh },
      ]),
    ).toEqual([fresh]);
  });
});
