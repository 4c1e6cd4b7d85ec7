import { afterEach, describe, expect, it, vi } from "vitest";
import { JobTimeoutError, withTimeLimit } from "./time-limit";

afterEach(() => vi.useRealTimers());

describe("withTimeLimit", () => {
  it("answers what the try answers within the limit", async () => {
    await expect(withTimeLimit(1_000, async () => "done")).resolves.toBe("done");
  });

  it("fails a try that runs past the limit and aborts its signal", async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const running = withTimeLimit(90_000, (signal) => {
      seen = signal;
      return new Promise<string>(() => {});
    });
    const outcome = expect(running).rejects.toBeInstanceOf(JobTimeoutError);
    await vi.advanceTimersByTimeAsync(89_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(JobTimeoutError);
  });

  it("passes the try's own failure on unchanged", async () => {
    await expect(withTimeLimit(1_000, async () => Promise.reject(new Error("model refused")))).rejects.toThrow(
      "model refused",
    );
  });

  it("leaves no timer behind after a quick try", async () => {
    vi.useFakeTimers();
    await withTimeLimit(5_000, async () => 1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
