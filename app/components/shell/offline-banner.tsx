import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { getConnectivity, startConnectivityMonitor, subscribeConnectivity } from "~/lib/http/connectivity";

/**
 * The CSS variable holding the offline banner's height while it shows: the sticky headers
 * (the app's and the landing page's) stick below it instead of under it.
 */
export const OFFLINE_BANNER_HEIGHT = "--offline-banner-height";

/** The offline banner's looks, shared by the app's banner and the one of a page sent without the app. */
export const OFFLINE_BANNER_CLASS =
  "sticky top-0 z-[200] bg-red-600 px-3 py-1.5 text-center text-xs font-semibold leading-snug text-white shadow sm:px-4 sm:py-2 sm:text-sm print:hidden";

/**
 * The red banner at the top while the browser is offline; it also starts the health check.
 * In the page's flow, as the demo banner is, so it pushes the header down rather than
 * covering its controls; it stays at the top while the page scrolls, and the header sticks
 * right under it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribeConnectivity, getConnectivity, () => "online" as const);
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => startConnectivityMonitor(), []);
  useEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (!element) return;
    const update = () => root.style.setProperty(OFFLINE_BANNER_HEIGHT, `${element.offsetHeight}px`);
    const resize = new ResizeObserver(update);
    resize.observe(element);
    update();
    return () => {
      resize.disconnect();
      root.style.removeProperty(OFFLINE_BANNER_HEIGHT);
    };
  }, [state]);
  if (state !== "offline") return null;
  return (
    <div ref={banner} role="status" aria-live="assertive" data-offline-banner="" className={OFFLINE_BANNER_CLASS}>
      {t("errors.offline")}
    </div>
  );
}
