// Online/offline state for the browser (platform spec, sections 7 and 9).
// Importable on the server: nothing touches `window` until the monitor starts,
// and there the state stays "online" so server-side requests are never refused.

export type Connectivity = "online" | "offline";
export type ConnectivityListener = (state: Connectivity) => void;

export const HEALTH_CHECK_PATH = "/api/health";
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

let current: Connectivity = "online";
const listeners = new Set<ConnectivityListener>();

export function getConnectivity(): Connectivity {
  return current;
}

/** Listeners hear changes only, not repeats of the current state. */
export function subscribeConnectivity(listener: ConnectivityListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setConnectivity(state: Connectivity): void {
  if (state === current) return;
  current = state;
  // A copy, so a listener that unsubscribes while being told does not skip another.
  for (const listener of [...listeners]) listener(state);
}

export type ConnectivityWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  navigator?: { onLine: boolean };
};

export type ConnectivityMonitorOptions = {
  fetch?: typeof fetch;
  intervalMs?: number;
  timeoutMs?: number;
  window?: ConnectivityWindow;
};

/**
 * Follows the browser's online/offline events and asks HEAD /api/health every
 * 30 s: a failure or non-OK answer marks the app offline, an OK one online
 * again (the events alone miss a server that is unreachable or back). Returns
 * a function that stops the monitor.
 */
export function startConnectivityMonitor(options: ConnectivityMonitorOptions = {}): () => void {
  const win = options.window ?? (typeof window === "undefined" ? undefined : window);
  if (!win) return () => {};

  const intervalMs = options.intervalMs ?? HEALTH_CHECK_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  // Looked up at call time, and called as a plain function so it keeps its global `this`.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  if (win.navigator && !win.navigator.onLine) setConnectivity("offline");

  const onOnline = () => setConnectivity("online");
  const onOffline = () => setConnectivity("offline");
  win.addEventListener("online", onOnline);
  win.addEventListener("offline", onOffline);

  let stopped = false;
  let inFlight: AbortController | null = null;

  const check = async () => {
    // Only when intervalMs < timeoutMs could checks overlap; one at a time is enough.
    if (inFlight) return;
    const controller = new AbortController();
    inFlight = controller;
    const timer = setTimeout(
      () => controller.abort(new DOMException("Health check timed out", "TimeoutError")),
      timeoutMs,
    );
    let ok: boolean;
    try {
      const response = await doFetch(HEALTH_CHECK_PATH, {
        method: "HEAD",
        cache: "no-store",
        signal: controller.signal,
      });
      ok = response.ok;
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
      inFlight = null;
    }
    if (!stopped) setConnectivity(ok ? "online" : "offline");
  };

  const interval = setInterval(() => void check(), intervalMs);

  return () => {
    stopped = true;
    clearInterval(interval);
    inFlight?.abort();
    win.removeEventListener("online", onOnline);
    win.removeEventListener("offline", onOffline);
  };
}
