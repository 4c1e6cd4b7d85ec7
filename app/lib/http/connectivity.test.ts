import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getConnectivity, startConnectivityMonitor, subscribeConnectivity } from "./connectivity";

// Named once at module level: a local `const fetch = vi.fn<typeof fetch>` would refer to itself.
type Fetch = typeof fetch;

/** A window of our own, enough for the monitor: its events and navigator.onLine. */
function stubWindow(onLine = true) {
  const win = Object.assign(new EventTarget(), { navigator: { onLine } });
  vi.stubGlobal("window", win);
  return win;
}

function stubFetch(impl: Fetch) {
  const fake = vi.fn<Fetch>(impl);
  vi.stubGlobal("fetch", fake);
  return fake;
}

function record() {
  const states: string[] = [];
  const unsubscribe = subscribeConnectivity((state) => states.push(state));
  return { states, unsubscribe };
}

const answering = (status: number) => stubFetch(async () => new Response(null, { status }));

let stops: (() => void)[] = [];
function start() {
  const stop = startConnectivityMonitor();
  stops.push(stop);
  return stop;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("startConnectivityMonitor", () => {
  it("follows the window's online and offline events, telling listeners once per change", () => {
    const win = stubWindow();
    answering(200);
    const stop = start();
    const { states, unsubscribe } = record();

    expect(getConnectivity()).toBe("online");
    win.dispatchEvent(new Event("offline"));
    expect(getConnectivity()).toBe("offline");
    win.dispatchEvent(new Event("offline"));
    win.dispatchEvent(new Event("online"));
    expect(getConnectivity()).toBe("online");
    expect(states).toEqual(["offline", "online"]);

    unsubscribe();
    win.dispatchEvent(new Event("offline"));
    expect(states).toEqual(["offline", "online"]);

    stop();
    win.dispatchEvent(new Event("offline"));
    expect(getConnectivity()).toBe("online");
  });

  it("starts offline when the browser already says so, and is online again once stopped", () => {
    stubWindow(false);
    answering(200);
    const stop = start();
    expect(getConnectivity()).toBe("offline");
    stop();
    expect(getConnectivity()).toBe("online");
  });

  it("sends HEAD /api/health every 30 s without caching, and no more once stopped", async () => {
    stubWindow();
    const fetch = answering(200);
    const stop = start();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/health");
    expect(init).toMatchObject({ method: "HEAD", cache: "no-store" });

    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("marks offline when the health check fails", async () => {
    stubWindow();
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    start();
    const { states, unsubscribe } = record();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("offline");
    expect(states).toEqual(["offline"]);
    unsubscribe();
  });

  it("marks offline on a non-OK answer and online again on an OK one", async () => {
    stubWindow();
    const statuses = [503, 200];
    stubFetch(async () => new Response(null, { status: statuses.shift() ?? 200 }));
    start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("offline");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getConnectivity()).toBe("online");
  });

  it("gives up on a health check after 5 s and marks offline", async () => {
    stubWindow();
    const fetch = stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        }),
    );
    start();
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(getConnectivity()).toBe("online");
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(getConnectivity()).toBe("offline");
  });

  it("does nothing where there is no window, as on the server", async () => {
    const fetch = answering(200);
    start();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(getConnectivity()).toBe("online");
  });
});
