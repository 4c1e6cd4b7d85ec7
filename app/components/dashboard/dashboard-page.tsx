import { Link, useNavigate } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { useTranslation } from "react-i18next";
import { ComponentErrorBoundary } from "~/components/errors/error-boundaries";
import { useSignOut } from "~/components/shell/app-shell";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { formatNaira } from "~/lib/currency";
import type { ActivityItem } from "~/modules/dashboard/dashboard.server";
import type { RenewalReminder } from "~/modules/payments/reminder";
import { RenewalReminderNotice } from "~/components/premium/renewal-reminder";
import { useFormatNumber } from "~/lib/numbers";

// The dashboard (/ when signed in, and /dashboard) with the user's own figures.

interface DashboardProps {
  firstName: string | null;
  /** Registered a moment ago and not signed in since: greeted 'Welcome', not 'Welcome back'. */
  newcomer: boolean;
  locale: LanguageCode;
  stats: {
    activeListings: number;
    openOrders: number;
    completedSales: number;
    farms: number;
    analyses: number;
    plan: "premium" | "trial" | "free";
  };
  activity: ActivityItem[];
  /** A month paid by transfer ending soon or just ended. */
  reminder: RenewalReminder | null;
}

const QUICK: { to: string; label: string; icon: IconName }[] = [
  { to: "/marketplace", label: "dashboard.quickMarketplace", icon: "store" },
  { to: "/asiiko", label: "dashboard.quickAsiiko", icon: "sparkles" },
  { to: "/mapping", label: "dashboard.quickMapping", icon: "map" },
  { to: "/medicine", label: "dashboard.quickMedicine", icon: "leaf" },
];

function Stat({ label, value, icon, to }: { label: string; value: string | number; icon: IconName; to?: string }) {
  const formatNumber = useFormatNumber();
  const card = (
    <Card
      className={cn(
        "flex h-full flex-col gap-2 p-4 sm:flex-row sm:items-center sm:gap-4",
        to ? "transition-colors hover:border-brand-400" : "",
      )}
    >
      <span className="inline-flex h-11 w-11 flex-none items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon name={icon} />
      </span>
      <div className="min-w-0">
        <p className="break-words text-sm text-gray-600 dark:text-gray-400">{label}</p>
        <p className="text-xl font-bold sm:text-2xl">{typeof value === "number" ? formatNumber(value) : value}</p>
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="block rounded-xl">
      {card}
    </Link>
  ) : (
    card
  );
}

/** A weather figure: its label, and its value kept on one line with its unit. */
function WeatherFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg bg-gray-50 px-1 py-2 dark:bg-gray-800">
      <dt className="text-xs text-gray-600 dark:text-gray-300 sm:text-sm">{label}</dt>
      <dd className="whitespace-nowrap font-semibold">{value}</dd>
    </div>
  );
}

export function DashboardPage({ firstName, newcomer, locale, stats, activity, reminder }: DashboardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pending, signOut } = useSignOut();

  function describe(item: ActivityItem) {
    if (item.kind === "listing")
      return t("dashboard.activityListing", {
        name: item.name ?? t("listing.form.customProduct"),
        price: formatNaira(item.priceNgn),
      });
    if (item.kind === "farm") return t("dashboard.activityFarm", { name: item.name });
    if (item.kind === "order")
      return t(`dashboard.activityOrder.${item.role}`, {
        reference: item.reference,
        status: t(`orders.status.${item.status}`),
      });
    return t("dashboard.activityAnalysis");
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">
            {t(newcomer ? "dashboard.welcomeNew" : "dashboard.welcome", {
              name: firstName || t("dashboard.fallbackName"),
            })}
          </h1>
          <p className="text-gray-600 dark:text-gray-400">{t("dashboard.subtitle")}</p>
        </div>
        <Button variant="outline" onClick={signOut} disabled={pending}>
          <Icon name="logout" />
          {pending ? t("nav.signingOut") : t("nav.signOut")}
        </Button>
      </div>

      {reminder ? <RenewalReminderNotice reminder={reminder} locale={locale} /> : null}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat label={t("dashboard.statListings")} value={stats.activeListings} icon="store" />
        <Stat label={t("dashboard.statOpenOrders")} value={stats.openOrders} icon="receipt" to="/orders" />
        <Stat label={t("dashboard.statSales")} value={stats.completedSales} icon="check" to="/orders?role=seller" />
        <Stat
          label={t("dashboard.statPlan")}
          value={
            stats.plan === "premium"
              ? t("dashboard.planPremium")
              : stats.plan === "trial"
                ? t("dashboard.planTrial")
                : t("dashboard.planFree")
          }
          icon="user"
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("dashboard.quickActions")}</CardTitle>
          </CardHeader>
          {/* On a phone one action a row, its icon beside its label: two to a row left a label such as
              'Browse marketplace' or 'Médecine traditionnelle' about 110 px, and it broke over two lines. */}
          <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-4">
            {QUICK.map((item) => (
              <Button
                key={item.to}
                variant="outline"
                className="h-auto justify-start gap-3 whitespace-normal py-3 text-left sm:flex-col sm:justify-center sm:gap-2 sm:py-4 sm:text-center"
                onClick={() => navigate(item.to)}
              >
                <Icon name={item.icon} className="h-6 w-6 flex-none text-brand-600" />
                {t(item.label)}
              </Button>
            ))}
          </CardContent>
        </Card>

        <ComponentErrorBoundary name="WeatherTile">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle>{t("dashboard.weather")}</CardTitle>
                <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-600 dark:bg-gray-800 dark:text-gray-300">
                  {t("dashboard.weatherSample")}
                </span>
              </div>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <div className="flex items-center gap-3">
                <Icon name="cloud" className="h-10 w-10 text-amber-500" />
                <div>
                  <p className="text-3xl font-bold">28°C</p>
                  <p className="text-sm text-gray-600 dark:text-gray-400">{t("dashboard.weatherCondition")}</p>
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-center text-sm" data-testid="weather-figures">
                <WeatherFigure label={t("dashboard.humidity")} value="75%" />
                <WeatherFigure label={t("dashboard.rainfall")} value="142 mm" />
                <WeatherFigure label={t("dashboard.wind")} value="12 km/h" />
              </dl>
            </CardContent>
          </Card>
        </ComponentErrorBoundary>
      </div>

      <ComponentErrorBoundary name="RecentActivity">
        <Card>
          <CardHeader>
            <CardTitle>{t("dashboard.recentActivity")}</CardTitle>
          </CardHeader>
          <CardContent>
            {activity.length === 0 ? (
              <p className="text-gray-600 dark:text-gray-400">{t("dashboard.noActivity")}</p>
            ) : (
              <ul className="divide-y divide-gray-100 dark:divide-gray-800">
                {activity.map((item) => (
                  <li
                    key={`${item.kind}-${item.at}`}
                    className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span>{describe(item)}</span>
                    <time dateTime={item.at} className="text-sm text-gray-600 dark:text-gray-400">
                      {formatDate(item.at, locale, "medium-time")}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </ComponentErrorBoundary>
    </div>
  );
}
