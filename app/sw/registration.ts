import type { WorkerMessage } from "~/sw/policy";

// The page's side of the service worker (app/sw/): registered once the app runs,
// in the production build only (the development server has no /sw.js).

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No worker (private mode, an old browser): the app works as before, online only.
    });
  };
  // After the page's own loads, so the worker never competes with them on a slow connection.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Tells the worker something (no worker yet: nothing to tell). */
export function tellServiceWorker(message: WorkerMessage) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(message);
}

/** Tells the active worker once it is ready (a first visit has no controller yet, but has a worker soon). */
export function tellServiceWorkerWhenReady(message: WorkerMessage) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}
