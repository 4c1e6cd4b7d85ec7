import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startConnectivityMonitor } from "./connectivity";
import { ApiError, classifyError, OfflineError } from "./errors";
import { neverAnswers, track } from "../../../tests/support/fetch-fakes";
import { apiRequest } from "./request";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

function stubFetch(impl: Fetch) {
  const fake = vi.fn<Fetch>(impl);
  vi.stubGlobal("fetch", fake);
  return fake;
}

const reply =
  (body: string | null, init: ResponseInit = { status: 200 }): Fetch =>
  async () =>
    new Response(body, init);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends a JSON body with a JSON content type and credentials, and returns the parsed reply", async () => {
    const fetch = stubFetch(reply('{"id":7}'));
    const result = await apiRequest<{ id: number }>("post", "/api/login", { username: "ada", password: "secret12" });
    expect(result).toEqual({ id: 7 });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe('{"username":"ada","password":"secret12"}');
  });

  it("sends no content type and no body without a body, still with credentials", async () => {
    const fetch = stubFetch(reply('{"ok":true}'));
    await apiRequest("GET", "/api/user");
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it("returns null for an empty body and leaves no timer behind", async () => {
    stubFetch(reply(null));
    await expect(apiRequest("POST", "/api/logout")).resolves.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("turns a non-OK reply into ApiError 'status: body', without trying again", async () => {
    const fetch = stubFetch(reply('{"x":1}', { status: 503, statusText: "Service Unavailable" }));
    const error = await apiRequest("GET", "/api/thing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '503: {"x":1}', status: 503 });
    expect(classifyError(error).type).toBe("SERVER_ERROR");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("uses the status text when the error body is empty", async () => {
    stubFetch(reply("", { status: 404, statusText: "Not Found" }));
    await expect(apiRequest("GET", "/api/missing")).rejects.toThrow(/^404: Not Found$/);
  });

  it("keeps the server's error code", async () => {
    const body = { success: false, error: { code: "VLD_INVALID_EMAIL", message: "Invalid email" } };
    stubFetch(reply(JSON.stringify(body), { status: 400, statusText: "Bad Request" }));
    await expect(apiRequest("POST", "/api/register", {})).rejects.toMatchObject({
      status: 400,
      code: "VLD_INVALID_EMAIL",
      serverMessage: "Invalid email",
    });
  });

  it("aborts a request that never answers at 15 s with a TimeoutError, classified TIMEOUT", async () => {
    const fetch = stubFetch(neverAnswers);
    const { state, outcome } = track(apiRequest("GET", "/api/slow"));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    const error = await outcome;
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(classifyError(error).type).toBe("TIMEOUT");
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("times out at 15 s even when the caller also passed a signal, leaving the caller's signal alone", async () => {
    stubFetch(neverAnswers);
    const caller = new AbortController();
    const { outcome } = track(apiRequest("GET", "/api/slow", undefined, { signal: caller.signal }));
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(outcome).resolves.toMatchObject({ name: "TimeoutError" });
    expect(caller.signal.aborted).toBe(false);
  });

  it("rejects with AbortError as soon as the caller aborts", async () => {
    stubFetch(neverAnswers);
    const caller = new AbortController();
    const pending = apiRequest("GET", "/api/slow", undefined, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports the time-out even where fetch rejects with a generic AbortError", async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const { outcome } = track(apiRequest("GET", "/api/slow"));
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(outcome).resolves.toMatchObject({ name: "TimeoutError" });
  });

  it("combines the signals by hand where AbortSignal.any is missing", async () => {
    const original = Object.getOwnPropertyDescriptor(AbortSignal, "any");
    // Simulates an older browser for this test only.
    Reflect.deleteProperty(AbortSignal, "any");
    try {
      expect(typeof AbortSignal.any).toBe("undefined");
      stubFetch(neverAnswers);
      const caller = new AbortController();
      const aborted = apiRequest("GET", "/api/slow", undefined, { signal: caller.signal });
      caller.abort();
      await expect(aborted).rejects.toMatchObject({ name: "AbortError" });

      const { outcome } = track(apiRequest("GET", "/api/slow", undefined, { signal: new AbortController().signal }));
      await vi.advanceTimersByTimeAsync(15_000);
      await expect(outcome).resolves.toMatchObject({ name: "TimeoutError" });
    } finally {
      if (original) Object.defineProperty(AbortSignal, "any", original);
    }
  });

  it("passes a network failure through untouched", async () => {
    const failure = new TypeError("Failed to fetch");
    const fetch = stubFetch(async () => {
      throw failure;
    });
    await expect(apiRequest("GET", "/api/user")).rejects.toBe(failure);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fails at once with 'No internet connection' while offline, without calling fetch", async () => {
    vi.stubGlobal("window", Object.assign(new EventTarget(), { navigator: { onLine: false } }));
    const stop = startConnectivityMonitor();
    try {
      const fetch = stubFetch(reply("{}"));
      const error = await apiRequest("GET", "/api/user").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OfflineError);
      expect(error).toMatchObject({ message: "No internet connection" });
      expect(classifyError(error).type).toBe("NO_CONNECTION");
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
