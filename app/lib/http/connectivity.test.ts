import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Connectivity,
  getConnectivity,
  setConnectivity,
  startConnectivityMonitor,
  subscribeConnectivity,
} from "./connectivity";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

function stubWindow(onLine = true) {
  return Object.assign(new EventTarget(), { navigator: { onLine } });
}

function record() {
  const states: Connectivity[] = [];
  const unsubscribe = subscribeConnectivity((state) => states.push(state));
  return { states, unsubscribe };
}

const okFetch = () => vi.fn<Fetch>(async () => new Response(null, { status: 200 }));

beforeEach(() => {
  setConnectivity("online");
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  setConnectivity("online");
});

describe("connectivity store", () => {
  it("starts online and tells listeners of changes only", () => {
    expect(getConnectivity()).toBe("online");
    const { states, unsubscribe } = record();
    setConnectivity("online");
    setConnectivity("offline");
    setConnectivity("offline");
    setConnectivity("online");
    expect(states).toEqual(["offline", "online"]);
    unsubscribe();
    setConnectivity("offline");
    expect(states).toEqual(["offline", "online"]);
  });
});

describe("startConnectivityMonitor", () => {
  it("follows the window's online and offline events, once per change", () => {
    const win = stubWindow();
    const stop = startConnectivityMonitor({ window: win, fetch: okFetch() });
    const { states, unsubscribe } = record();

    win.dispatchEvent(new Event("offline"));
    expect(getConnectivity()).toBe("offline");
    win.dispatchEvent(new Event("offline"));
    win.dispatchEvent(new Event("online"));
    expect(getConnectivity()).toBe("online");
    expect(states).toEqual(["offline", "online"]);

    stop();
    win.dispatchEvent(new Event("offline"));
    expect(getConnectivity()).toBe("online");
    unsubscribe();
  });

  it("starts offline when the browser already says so", () => {
    const stop = startConnectivityMonitor({ window: stubWindow(false), fetch: okFetch() });
    expect(getConnectivity()).toBe("offline");
    stop();
  });

  it("sends HEAD /api/health every 30 s without caching", async () => {
    const fetch = okFetch();
    const stop = startConnectivityMonitor({ window: stubWindow(), fetch });

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/health");
    expect(init).toMatchObject({ method: "HEAD", cache: "no-store" });
    expect(init?.signal).toBeInstanceOf(AbortSignal);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("marks offline when the health check fails", async () => {
    const fetch = vi.fn<Fetch>(async () => {
      throw new TypeError("Failed to fetch");
    });
    const stop = startConnectivityMonitor({ window: stubWindow(), fetch });
    const { states, unsubscribe } = record();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("offline");
    expect(states).toEqual(["offline"]);
    stop();
    unsubscribe();
  });

  it("marks offline on a non-OK answer and online again on an OK one", async () => {
    const statuses = [503, 200];
    const fetch = vi.fn<Fetch>(async () => new Response(null, { status: statuses.shift() ?? 200 }));
    const stop = startConnectivityMonitor({ window: stubWindow(), fetch });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("offline");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("online");
    stop();
  });

  it("gives up on a health check after 5 s and marks offline", async () => {
    let seenSignal: AbortSignal | undefined;
    const fetch = vi.fn<Fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          seenSignal = init?.signal ?? undefined;
          seenSignal?.addEventListener("abort", () => reject(seenSignal?.reason));
        }),
    );
    const stop = startConnectivityMonitor({ window: stubWindow(), fetch });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("online");
    await vi.advanceTimersByTimeAsync(4_999);
    expect(getConnectivity()).toBe("online");
    await vi.advanceTimersByTimeAsync(1);
    expect(seenSignal?.aborted).toBe(true);
    expect(getConnectivity()).toBe("offline");
    stop();
  });

  it("does nothing where there is no window", () => {
    const fetch = okFetch();
    const stop = startConnectivityMonitor({ fetch });
    expect(vi.getTimerCount()).toBe(0);
    stop();
    expect(fetch).not.toHaveBeenCalled();
  });
});
