import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startConnectivityMonitor } from "./connectivity";
import { MUTATION_RETRY_POLICY, RETRY_POLICY } from "./constants";
import { ApiError, OfflineError } from "./errors";
import { neverAnswers, track } from "../../../tests/support/fetch-fakes";
import { apiRequest } from "./request";
import { retryDelay } from "./retry";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

/** A fake fetch that gives the listed answers in turn (a function throws or hangs instead), then repeats the last. */
function stubFetch(...answers: (Response | Fetch)[]) {
  const fake = vi.fn<Fetch>(async (input, init) => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new Error("no answer");
    return answer instanceof Response ? answer.clone() : answer(input, init);
  });
  vi.stubGlobal("fetch", fake);
  return fake;
}

const status = (code: number, body = "") => new Response(body, { status: code });
const ok = () => new Response('{"ok":true}', { status: 200 });
const lostConnection: Fetch = async () => {
  throw new TypeError("Failed to fetch");
};
beforeEach(() => {
  vi.useFakeTimers();
  // Half the jitter: the first retry waits 1050 ms, the second 2100 ms.
  vi.spyOn(Math, "random").mockReturnValue(0.5);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a request with the retry policy", () => {
  it("retries a 503 after 1 s and then 2 s (plus jitter) and returns the answer that comes", async () => {
    const fetch = stubFetch(status(503), status(503), ok());
    const { state, outcome } = track(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY }));

    await vi.advanceTimersByTimeAsync(1049);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2099);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(state.settled).toBe(true);
    await expect(outcome).resolves.toEqual({ ok: true });
  });

  it("gives up at the third failure and rejects with that one", async () => {
    const fetch = stubFetch(status(503, "first"), status(502, "second"), status(500, "third"));
    const { outcome } = track(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "500: third" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([400, 401, 403, 404, 429, 501])("does not retry a %i", async (code) => {
    const fetch = stubFetch(status(code), ok());
    await expect(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY })).rejects.toMatchObject({
      status: code,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not retry a reply that is not JSON", async () => {
    const fetch = stubFetch(new Response("<html>", { status: 200 }), ok());
    await expect(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY })).rejects.toBeInstanceOf(
      SyntaxError,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("retries a lost connection", async () => {
    const fetch = stubFetch(lostConnection, ok());
    const { outcome } = track(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY }));
    await vi.advanceTimersByTimeAsync(1050);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toEqual({ ok: true });
  });

  it("retries an attempt that timed out at 15 s", async () => {
    const fetch = stubFetch(neverAnswers, ok());
    const { outcome } = track(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1050);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toEqual({ ok: true });
  });

  it("stops at once when the caller aborts during the wait", async () => {
    const fetch = stubFetch(status(503), ok());
    const caller = new AbortController();
    const { state, outcome } = track(
      apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY, signal: caller.signal }),
    );
    await vi.advanceTimersByTimeAsync(500);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
    await expect(outcome).resolves.toMatchObject({ name: "AbortError" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not retry when the caller aborted the attempt itself", async () => {
    const fetch = stubFetch(neverAnswers, ok());
    const caller = new AbortController();
    const pending = apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY, signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fails at once with 'No internet connection' when the browser goes offline during the wait", async () => {
    const win = Object.assign(new EventTarget(), { navigator: { onLine: true } });
    vi.stubGlobal("window", win);
    const stop = startConnectivityMonitor();
    try {
      const fetch = stubFetch(status(503), ok());
      const { outcome } = track(apiRequest("GET", "/api/thing", undefined, { retry: RETRY_POLICY }));
      await vi.advanceTimersByTimeAsync(500);
      win.dispatchEvent(new Event("offline"));
      await vi.advanceTimersByTimeAsync(550);
      const error = await outcome;
      expect(error).toBeInstanceOf(OfflineError);
      expect(error).toMatchObject({ message: "No internet connection" });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

describe("a write with the mutation retry policy", () => {
  it("tries twice at most", async () => {
    const fetch = stubFetch(status(503, "first"), status(503, "second"), ok());
    const { state, outcome } = track(apiRequest("POST", "/api/thing", {}, { retry: MUTATION_RETRY_POLICY }));
    await vi.advanceTimersByTimeAsync(1049);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(state.settled).toBe(true);
    await expect(outcome).resolves.toMatchObject({ message: "503: second" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("retryDelay", () => {
  const serverError = new ApiError(503, "");
  // Policies with room for more attempts, so the caps can be reached.
  const longRead = { ...RETRY_POLICY, maxAttempts: 10 };
  const longWrite = { ...MUTATION_RETRY_POLICY, maxAttempts: 10 };

  it("adds no more than 10% of jitter", () => {
    vi.mocked(Math.random).mockReturnValue(0);
    expect(retryDelay(serverError, 1, RETRY_POLICY)).toBe(1000);
    vi.mocked(Math.random).mockReturnValue(0.999_999);
    expect(retryDelay(serverError, 1, RETRY_POLICY)).toBeCloseTo(1100, 0);
  });

  it("doubles the wait and never waits more than 30 s for a read or 15 s for a write", () => {
    vi.mocked(Math.random).mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(serverError, n, longRead))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect([3, 4, 5].map((n) => retryDelay(serverError, n, longWrite))).toEqual([4000, 8000, 15_000]);
  });
});
