import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startConnectivityMonitor } from "~/lib/http/connectivity";
import { ApiError, OfflineError } from "~/lib/http/errors";
import { type CaughtError, describeError, newErrorId, reportError, retryDelayMs, supportMailto } from "./report";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

const caught: CaughtError = {
  errorId: "ERR-1-0000",
  boundary: "MarketplacePage",
  level: "page",
  message: "boom",
  stack: "Error: boom\n    at Marketplace",
  timestamp: "2026-11-21T10:00:00.000Z",
  retryCount: 0,
};

/** A fake fetch giving the listed statuses in turn, then repeating the last. */
function stubFetch(...statuses: number[]) {
  const fake = vi.fn<Fetch>(async () => {
    const status = (statuses.length > 1 ? statuses.shift() : statuses[0]) ?? 202;
    return new Response(status === 202 ? '{"success":true}' : "", { status });
  });
  vi.stubGlobal("fetch", fake);
  return fake;
}

/** Settles once the report has been sent or given up, however long its retry waits. */
async function reportSettled(report: Promise<void>) {
  let done = false;
  void report.finally(() => {
    done = true;
  });
  for (let i = 0; i < 10 && !done; i += 1) await vi.advanceTimersByTimeAsync(1000);
  expect(done).toBe(true);
  await report;
}

let page: EventTarget & { location: { href: string }; navigator: { onLine: boolean } };

/** Stands for console.error, where a failed report is logged. */
const logged = vi.fn<(...args: unknown[]) => void>();

beforeEach(() => {
  vi.useFakeTimers();
  logged.mockReset();
  vi.spyOn(console, "error").mockImplementation(logged);
  vi.spyOn(Math, "random").mockReturnValue(0);
  page = Object.assign(new EventTarget(), {
    location: { href: "http://localhost/marketplace" },
    navigator: { onLine: true },
  });
  vi.stubGlobal("window", page);
  vi.stubGlobal("navigator", { userAgent: "TestBrowser/1.0" });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("reportError", () => {
  it("POSTs the report once, as JSON with credentials, with the page's address and browser", async () => {
    const fetch = stubFetch(202);
    await reportSettled(reportError({ ...caught, message: "x".repeat(3000) }));

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/errors/frontend");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      ...caught,
      message: "x".repeat(2000),
      url: "http://localhost/marketplace",
      userAgent: "TestBrowser/1.0",
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it("tries a server error once more after 1 s, then only logs the failure", async () => {
    const fetch = stubFetch(503);
    const report = reportError(caught);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await reportSettled(report);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith("Could not report the error", expect.any(ApiError));
  });

  it("logs a refused report without trying again", async () => {
    const fetch = stubFetch(400);
    await reportSettled(reportError(caught));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith("Could not report the error", expect.objectContaining({ status: 400 }));
  });

  it("sends nothing while offline, and only logs", async () => {
    page.navigator.onLine = false;
    const stop = startConnectivityMonitor();
    try {
      const fetch = stubFetch(202);
      await reportSettled(reportError(caught));
      expect(fetch).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalledWith("Could not report the error", expect.any(OfflineError));
    } finally {
      stop();
    }
  });
});

describe("the support e-mail", () => {
  it("is addressed to support and carries the error id, boundary, level, message, address and time", () => {
    const link = supportMailto(
      "support@asiiko.ng",
      caught,
      "Asiiko error report ERR-1-0000",
      "http://localhost/marketplace",
    );
    const parsed = new URL(link);
    expect(parsed.protocol).toBe("mailto:");
    expect(parsed.pathname).toBe("support@asiiko.ng");
    expect(parsed.searchParams.get("subject")).toBe("Asiiko error report ERR-1-0000");
    expect(parsed.searchParams.get("body")?.split("\n")).toEqual([
      "Error ID: ERR-1-0000",
      "Boundary: MarketplacePage",
      "Level: page",
      "Message: boom",
      "URL: http://localhost/marketplace",
      "Time: 2026-11-21T10:00:00.000Z",
    ]);
  });

  it("keeps a message with &, ? and line breaks inside the body", () => {
    const link = supportMailto("support@asiiko.ng", { ...caught, message: "a&b?c=d\nnext" }, "s", "http://x/?q=1&r=2");
    const body = new URL(link).searchParams.get("body");
    expect(body).toContain("Message: a&b?c=d\nnext");
    expect(body).toContain("URL: http://x/?q=1&r=2");
  });
});

describe("error ids and descriptions", () => {
  it("make an id from the time and a random part, in base 36", () => {
    expect(newErrorId(1_700_000_000_000, () => 0.5)).toBe(`ERR-${(1_700_000_000_000).toString(36).toUpperCase()}-I000`);
    expect(newErrorId(1, () => 0)).toBe("ERR-1-0000");
  });

  it("describe errors, responses and anything thrown", () => {
    expect(describeError(new TypeError("x is undefined")).message).toBe("x is undefined");
    expect(describeError({ status: 500, statusText: "Internal Server Error" }).message).toBe(
      "500 Internal Server Error",
    );
    expect(describeError("plain text").message).toBe("plain text");
    expect(describeError(42).message).toBe("Unknown error");
  });

  it("retry a boundary at once the first time, then after 1000 ms times the retry number", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([0, 2000, 3000]);
  });
});
