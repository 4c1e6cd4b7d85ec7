import { afterEach, describe, expect, it, vi } from "vitest";
import { setConnectivity } from "./connectivity";
import { ApiError, classifyError, OfflineError } from "./errors";
import { apiRequest, createQueryFn, REQUEST_TIMEOUT_MS } from "./request";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

function jsonFetch(body: unknown, init: ResponseInit = { status: 200 }) {
  return vi.fn<Fetch>(async () => new Response(JSON.stringify(body), init));
}

// Never answers; rejects with the signal's reason once aborted, as fetch does.
function hangingFetch() {
  return vi.fn<Fetch>(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        if (!signal) return;
        signal.addEventListener("abort", () => reject(signal.reason));
      }),
  );
}

function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

afterEach(() => {
  setConnectivity("online");
});

describe("apiRequest", () => {
  it("has a 15 s time-out", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
  });

  it("sends a JSON body with a JSON content type and credentials", async () => {
    const fetch = jsonFetch({ id: 7 });
    const result = await apiRequest<{ id: number }>("post", "/api/login", { username: "ada", password: "secret12" }, { fetch });
    expect(result).toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(headersOf(init).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe('{"username":"ada","password":"secret12"}');
  });

  it("sends no content type and no body without a body", async () => {
    const fetch = jsonFetch({ ok: true });
    await apiRequest("GET", "/api/user", undefined, { fetch });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init?.credentials).toBe("include");
    expect(headersOf(init).has("Content-Type")).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it("returns null for an empty body", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response(null, { status: 200 }));
    await expect(apiRequest("POST", "/api/logout", undefined, { fetch })).resolves.toBeNull();
  });

  it("turns a non-OK reply into ApiError 'status: body'", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response('{"x":1}', { status: 500, statusText: "Internal Server Error" }));
    const error = await apiRequest("GET", "/api/thing", undefined, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: {"x":1}');
    expect((error as ApiError).status).toBe(500);
    expect(classifyError(error).type).toBe("SERVER_ERROR");
  });

  it("uses the status text when the error body is empty", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response("", { status: 404, statusText: "Not Found" }));
    await expect(apiRequest("GET", "/api/missing", undefined, { fetch })).rejects.toThrow(/^404: Not Found$/);
  });

  it("keeps the server's error code", async () => {
    const body = { success: false, error: { code: "VLD_INVALID_EMAIL", message: "Invalid email" } };
    const fetch = jsonFetch(body, { status: 400, statusText: "Bad Request" });
    await expect(apiRequest("POST", "/api/register", {}, { fetch })).rejects.toMatchObject({
      status: 400,
      code: "VLD_INVALID_EMAIL",
      serverMessage: "Invalid email",
    });
  });

  it("times out with a TimeoutError, classified as TIMEOUT", async () => {
    const fetch = hangingFetch();
    const started = Date.now();
    const error = await apiRequest("GET", "/api/slow", undefined, { fetch, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(classifyError(error).type).toBe("TIMEOUT");
  });

  it("times out even when the caller also passed a signal", async () => {
    const fetch = hangingFetch();
    const caller = new AbortController();
    await expect(
      apiRequest("GET", "/api/slow", undefined, { fetch, timeoutMs: 50, signal: caller.signal }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    expect(caller.signal.aborted).toBe(false);
  });

  it("rejects with AbortError when the caller aborts", async () => {
    const fetch = hangingFetch();
    const caller = new AbortController();
    const pending = apiRequest("GET", "/api/slow", undefined, { fetch, signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports the time-out even where fetch rejects with a generic AbortError", async () => {
    const fetch = vi.fn<Fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    await expect(apiRequest("GET", "/api/slow", undefined, { fetch, timeoutMs: 20 })).rejects.toMatchObject({
      name: "TimeoutError",
    });
  });

  it("combines the signals by hand where AbortSignal.any is missing", async () => {
    const original = Object.getOwnPropertyDescriptor(AbortSignal, "any");
    // Simulates an older browser for this test only.
    Reflect.deleteProperty(AbortSignal, "any");
    try {
      expect(typeof AbortSignal.any).toBe("undefined");
      const caller = new AbortController();
      const pending = apiRequest("GET", "/api/slow", undefined, { fetch: hangingFetch(), signal: caller.signal });
      caller.abort();
      await expect(pending).rejects.toMatchObject({ name: "AbortError" });
      await expect(
        apiRequest("GET", "/api/slow", undefined, { fetch: hangingFetch(), timeoutMs: 20, signal: new AbortController().signal }),
      ).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      if (original) Object.defineProperty(AbortSignal, "any", original);
    }
  });

  it("passes a network failure through untouched", async () => {
    const failure = new TypeError("Failed to fetch");
    const fetch = vi.fn<Fetch>(async () => {
      throw failure;
    });
    await expect(apiRequest("GET", "/api/user", undefined, { fetch })).rejects.toBe(failure);
  });

  it("refuses at once while offline without calling fetch", async () => {
    setConnectivity("offline");
    const fetch = jsonFetch({});
    const error = await apiRequest("GET", "/api/user", undefined, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as OfflineError).message).toBe("No internet connection");
    expect(classifyError(error).type).toBe("NO_CONNECTION");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("createQueryFn", () => {
  it("joins the key parts with '/' into the URL and sends credentials", async () => {
    const fetch = jsonFetch({ canAccess: true });
    const queryFn = createQueryFn({ fetch });
    const signal = new AbortController().signal;
    await expect(queryFn(["/api/premium", "asiiko_ai", "check"], signal)).resolves.toEqual({ canAccess: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/premium/asiiko_ai/check");
    expect(init?.credentials).toBe("include");
    expect(init?.signal).toBe(signal);
  });

  it("returns null on 401 when configured so", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response("Unauthorized", { status: 401 }));
    await expect(createQueryFn({ on401: "returnNull", fetch })(["/api/user"])).resolves.toBeNull();
  });

  it("throws on 401 otherwise", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(createQueryFn({ fetch })(["/api/user"])).rejects.toThrow("401: Unauthorized");
    await expect(createQueryFn({ on401: "throw", fetch })(["/api/user"])).rejects.toBeInstanceOf(ApiError);
  });

  it("throws on any other non-OK status even when 401 returns null", async () => {
    const fetch = vi.fn<Fetch>(async () => new Response('{"error":"x"}', { status: 403 }));
    await expect(createQueryFn({ on401: "returnNull", fetch })(["/api/admin", "check"])).rejects.toMatchObject({
      message: '403: {"error":"x"}',
      status: 403,
    });
  });
});
