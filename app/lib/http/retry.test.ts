import { describe, expect, it, vi } from "vitest";
import { ApiError, OfflineError } from "./errors";
import {
  mutationRetryDelay,
  QUERY_CACHE,
  queryRetryDelay,
  RETRY_POLICY,
  retryDelay,
  shouldRetry,
  shouldRetryMutation,
  shouldRetryQuery,
  withRetry,
} from "./retry";

const serverError = () => new ApiError(503, "", "Service Unavailable");
const timeoutError = () => new DOMException("timed out", "TimeoutError");

function recordingSleep() {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { delays, sleep };
}

describe("RETRY_POLICY and QUERY_CACHE", () => {
  it("hold the spec's numbers", () => {
    expect(RETRY_POLICY).toEqual({
      maxAttempts: 3,
      baseDelayMs: 1000,
      factor: 2,
      jitterRatio: 0.1,
      maxDelayMs: 30_000,
      retryableTypes: ["TIMEOUT", "NO_CONNECTION", "SERVER_ERROR"],
    });
    expect(QUERY_CACHE).toEqual({ staleTimeMs: 300_000, gcTimeMs: 600_000, refetchOnWindowFocus: false });
  });
});

describe("retryDelay", () => {
  it("doubles from 1 s without jitter and stops at 30 s", () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, () => 0));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it("adds at most 10% jitter and still stops at 30 s", () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, () => 1));
    expect(delays).toEqual([1100, 2200, 4400, 8800, 17_600, 30_000]);
  });

  it("scales the jitter with the random draw", () => {
    expect(retryDelay(3, () => 0.5)).toBe(4200);
  });
});

describe("shouldRetry", () => {
  it("retries time-outs, lost connections and server errors while fewer than 3 attempts were made", () => {
    for (const error of [timeoutError(), new OfflineError(), new TypeError("Failed to fetch"), serverError()]) {
      expect(shouldRetry(error, 1)).toBe(true);
      expect(shouldRetry(error, 2)).toBe(true);
      expect(shouldRetry(error, 3)).toBe(false);
    }
  });

  it("does not retry other types, even when the classification calls them retryable", () => {
    expect(shouldRetry(new ApiError(400, ""), 1)).toBe(false);
    expect(shouldRetry(new ApiError(401, ""), 1)).toBe(false);
    expect(shouldRetry(new ApiError(429, ""), 1)).toBe(false);
    expect(shouldRetry(new ApiError(501, ""), 1)).toBe(false);
    expect(shouldRetry(new Error("boom"), 1)).toBe(false);
  });
});

describe("withRetry", () => {
  it("succeeds on the third attempt after two server errors, waiting 1 s then 2 s", async () => {
    const { delays, sleep } = recordingSleep();
    const operation = vi.fn(async (attempt: number) => {
      if (attempt < 3) throw serverError();
      return "done";
    });
    await expect(withRetry(operation, { sleep, random: () => 0 })).resolves.toBe("done");
    expect(operation.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    expect(delays).toEqual([1000, 2000]);
  });

  it("gives up after 3 attempts with the last error", async () => {
    const { delays, sleep } = recordingSleep();
    const last = serverError();
    const operation = vi.fn(async (attempt: number): Promise<string> => {
      throw attempt === 3 ? last : serverError();
    });
    await expect(withRetry(operation, { sleep, random: () => 1 })).rejects.toBe(last);
    expect(operation).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1100, 2200]);
  });

  it("does not retry a 400", async () => {
    const { delays, sleep } = recordingSleep();
    const error = new ApiError(400, '{"bad":true}', "Bad Request");
    const operation = vi.fn(async (): Promise<string> => {
      throw error;
    });
    await expect(withRetry(operation, { sleep })).rejects.toBe(error);
    expect(operation).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it("honours a smaller maxAttempts", async () => {
    const { sleep } = recordingSleep();
    const operation = vi.fn(async (): Promise<string> => {
      throw serverError();
    });
    await expect(withRetry(operation, { sleep, maxAttempts: 2 })).rejects.toBeInstanceOf(ApiError);
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it("stops when the signal is aborted while waiting", async () => {
    const controller = new AbortController();
    const sleep = vi.fn(async () => {
      controller.abort();
    });
    const operation = vi.fn(async (): Promise<string> => {
      throw serverError();
    });
    await expect(withRetry(operation, { sleep, signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(operation).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it("does not start when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const operation = vi.fn(async () => "never");
    await expect(withRetry(operation, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(operation).not.toHaveBeenCalled();
  });

  it("cuts its own wait short on abort", async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const operation = vi.fn(async (): Promise<string> => {
        throw serverError();
      });
      const result = withRetry(operation, { signal: controller.signal, random: () => 0 });
      const settled = expect(result).rejects.toMatchObject({ name: "AbortError" });
      await vi.advanceTimersByTimeAsync(500);
      controller.abort();
      await settled;
      expect(operation).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits with real timers when no sleep is given", async () => {
    vi.useFakeTimers();
    try {
      const operation = vi.fn(async (attempt: number) => {
        if (attempt === 1) throw timeoutError();
        return attempt;
      });
      const result = withRetry(operation, { random: () => 0 });
      await vi.advanceTimersByTimeAsync(999);
      expect(operation).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("query cache retry rules", () => {
  it("delays queries 1 s doubling up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it("delays mutations 1 s doubling up to 15 s", () => {
    expect([0, 1, 2, 3, 4, 5].map(mutationRetryDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it("retries a query on a retryable error while fewer than 3 failures", () => {
    expect(shouldRetryQuery(0, serverError())).toBe(true);
    expect(shouldRetryQuery(2, serverError())).toBe(true);
    expect(shouldRetryQuery(3, serverError())).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, ""))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, ""))).toBe(false);
  });

  it("retries a mutation on a retryable error while fewer than 2 failures", () => {
    expect(shouldRetryMutation(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetryMutation(1, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetryMutation(2, new TypeError("Failed to fetch"))).toBe(false);
    expect(shouldRetryMutation(0, new ApiError(400, ""))).toBe(false);
  });
});
