import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

// Demo mode's line at the top of every page (the root layout renders it, error pages too):
// in the page's flow, so it pushes the header down rather than covering it, and small enough
// to leave a phone's first screen to the page. It links to the demo SMS inbox, where the texts a
// demo would have sent (phone codes) can be read, and to the basic phone that tries USSD and SMS.
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <aside
      data-demo-banner=""
      className="bg-amber-100 px-3 py-1 text-center text-xs font-semibold leading-snug text-amber-950 dark:bg-amber-900 dark:text-amber-50 sm:text-sm print:hidden"
    >
      {t("demo.banner")} ·{" "}
      <Link to="/sms" className="whitespace-nowrap underline underline-offset-2">
        {t("demo.smsInbox")}
      </Link>{" "}
      ·{" "}
      <Link to="/ussd" className="whitespace-nowrap underline underline-offset-2">
        {t("demo.phone")}
      </Link>
    </aside>
  );
}
