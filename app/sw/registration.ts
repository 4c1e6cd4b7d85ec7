import { KEPT_PAGE_FILES_MAX, type WorkerMessage } from "~/sw/policy";

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
  // A first visit: the worker takes charge of the page after it loaded. It is told the code the
  // page loaded, to keep with what the page may fetch later (its map tools, its forms), so the page
  // keeps working if the signal goes before the next visit. A page the worker served needs nothing.
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener(
      "controllerchange",
      () => tellServiceWorker({ type: "keep-page-code", files: loadedCodeFiles() }),
      { once: true },
    );
}

/** The build's code and style files this page has loaded (the worker checks each again). */
function loadedCodeFiles(): string[] {
  const files = new Set<string>();
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && /^\/assets\/[^/]+\.(?:js|css)$/.test(url.pathname)) files.add(url.pathname);
  }
  return [...files].slice(0, KEPT_PAGE_FILES_MAX);
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
