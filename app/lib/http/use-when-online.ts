import { useEffect, useRef, useSyncExternalStore } from "react";
import { hasNoSignal, subscribeConnectivity } from "./connectivity";

/**
 * Runs `work` when the page opens and each time the connection comes back (the browser's event,
 * or the app's own health check finding the server again): what waited for signal goes then.
 * Begun again when `key` changes.
 */
export function useWhenOnline(work: () => Promise<unknown> | void, key: unknown = null) {
  const latest = useRef(work);
  latest.current = work;
  useEffect(() => {
    const run = () => void latest.current();
    run();
    const unsubscribe = subscribeConnectivity((state) => {
      if (state === "online") run();
    });
    window.addEventListener("online", run);
    return () => {
      unsubscribe();
      window.removeEventListener("online", run);
    };
    // Begun again for another `key` (another account on the page).
  }, [key]);
}

/** Whether there is no signal now (the app's check or the browser), kept current for the page; false on the server. */
export function useNoSignal(): boolean {
  return useSyncExternalStore(subscribeConnectivity, hasNoSignal, () => false);
}
