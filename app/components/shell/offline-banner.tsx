import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { getConnectivity, startConnectivityMonitor, subscribeConnectivity } from "~/lib/http/connectivity";

/** The fixed red banner at the top while the browser is offline; it also starts the health check. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribeConnectivity, getConnectivity, () => "online" as const);
  useEffect(() => startConnectivityMonitor(), []);
  if (state !== "offline") return null;
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-x-0 top-0 z-[200] bg-red-600 px-4 py-2 text-center text-sm font-semibold text-white shadow"
    >
      {t("errors.offline")}
    </div>
  );
}
