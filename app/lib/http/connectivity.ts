// Online/offline state for the browser. While offline the request helper
// refuses at once. Importable on the server: nothing touches `window` until the
// monitor starts, and there the state stays "online" so server-side requests
// are never refused.

import { HEALTH_CHECK_INTERVAL_MS, HEALTH_CHECK_TIMEOUT_MS } from "./constants";

type Connectivity = "online" | "offline";
type ConnectivityListener = (state: Connectivity) => void;

let current: Connectivity = "online";
const listeners = new Set<ConnectivityListener>();

export function getConnectivity(): Connectivity {
  return current;
}

/** Whether work should wait on the phone rather than be sent now: the app's check or the browser says there is no connection. */
export function hasNoSignal(): boolean {
  return current === "offline" || (typeof navigator !== "undefined" && navigator.onLine === false);
}

/** Listeners hear changes only, not repeats of the current state. */
export function subscribeConnectivity(listener: ConnectivityListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setConnectivity(state: Connectivity): void {
  if (state === current) return;
  current = state;
  // A copy, so a listener that unsubscribes while being told does not skip another.
  for (const listener of [...listeners]) listener(state);
}

/**
 * Follows the browser's online/offline events and asks HEAD /api/health every
 * 30 s: a failure, a non-OK answer or no answer within 5 s marks the app
 * offline, an OK one online again (the events alone miss a server that is
 * unreachable or back). Returns a function that stops the monitor; stopped, it
 * sets the state back to online, since nothing would notice the way back.
 */
export function startConnectivityMonitor(): () => void {
  if (typeof window === "undefined") return () => {};
  const win = window;

  if (!win.navigator.onLine) setConnectivity("offline");

  const onOnline = () => setConnectivity("online");
  const onOffline = () => setConnectivity("offline");
  win.addEventListener("online", onOnline);
  win.addEventListener("offline", onOffline);

  let stopped = false;
  let inFlight: AbortController | null = null;

  const check = async () => {
    // One check at a time; a slow one is cut off at 5 s, long before the next is due.
    if (inFlight) return;
    const controller = new AbortController();
    inFlight = controller;
    const timer = setTimeout(
      () => controller.abort(new DOMException("Health check timed out", "TimeoutError")),
      HEALTH_CHECK_TIMEOUT_MS,
    );
    let ok: boolean;
    try {
      // The global fetch, looked up at each call.
      const response = await fetch("/api/health", { method: "HEAD", cache: "no-store", signal: controller.signal });
      ok = response.ok;
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
      inFlight = null;
    }
    if (!stopped) setConnectivity(ok ? "online" : "offline");
  };

  const interval = setInterval(() => void check(), HEALTH_CHECK_INTERVAL_MS);

  return () => {
    stopped = true;
    clearInterval(interval);
    inFlight?.abort();
    win.removeEventListener("online", onOnline);
    win.removeEventListener("offline", onOffline);
    setConnectivity("online");
  };
}
