import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { useFormatNumber } from "~/lib/numbers";
import type { FarmEnvironment, SoilView, WeatherView } from "~/modules/environment/view";
import type { WeatherHint } from "~/modules/environment/weather";
import { ENVIRONMENT_SAMPLE } from "~/modules/farms/constants";

// The selected farm's weather (the environment panel) and soil (the Soil Data tab), as the page's
// loader read them from the cache; while either is being fetched, the page asks the API again
// every few seconds. Without a forecast (none set up, or the service away) the specification's
// samples stay, said to be samples.

/** How often, and how many times, a pending weather or soil is asked for again. */
const ASK_EVERY_MS = 2_500;
const ASKS_AT_MOST = 12;

/** The farm's environment, asked for again while a part of it is on its way. */
export function useFarmEnvironment(farmId: string | null, initial: FarmEnvironment | null) {
  const [environment, setEnvironment] = useState(initial);
  useEffect(() => setEnvironment(initial), [initial]);
  const waiting =
    farmId !== null &&
    environment !== null &&
    [environment.weather, environment.soil].some(
      (part) => part.status === "pending" || (part.status === "ready" && part.refreshing),
    );
  useEffect(() => {
    if (!waiting || !farmId) return;
    const controller = new AbortController();
    let asks = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      asks += 1;
      try {
        const response = await fetch(`/api/farms/${encodeURIComponent(farmId)}/environment`, {
          credentials: "include",
          signal: controller.signal,
        });
        if (response.ok) {
          const answer = (await response.json()) as FarmEnvironment & { success: boolean };
          setEnvironment({ weather: answer.weather, soil: answer.soil });
          const still = [answer.weather, answer.soil].some(
            (part) => part.status === "pending" || (part.status === "ready" && part.refreshing),
          );
          if (!still) return;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (asks < ASKS_AT_MOST) timer = setTimeout(() => void ask(), ASK_EVERY_MS);
    };
    timer = setTimeout(() => void ask(), ASK_EVERY_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // Asked anew when the farm changes or a part starts waiting; not on each answer.
  }, [farmId, waiting]);
  return environment;
}

/** A date of the forecast (YYYY-MM-DD, Lagos) as the reader writes a day: '30 Nov', '30 nov.'. */
const dayLabel = (date: string, language: LanguageCode) => formatDate(`${date}T12:00:00+01:00`, language, "day-month");

const SKY_ICONS: Record<string, IconName> = {
  clear: "sun",
  cloudy: "cloud",
  fog: "cloud",
  drizzle: "droplet",
  rain: "droplet",
  storm: "alert",
};

export function EnvironmentPanel({ weather, locale }: { weather: WeatherView | null; locale: LanguageCode }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const ready = weather?.status === "ready" ? weather : null;
  /** Rain in millimetres, the unit the same in every language. */
  const millimetres = (value: number) => `${number(value)} mm`;
  const tiles: {
    key: "temperature" | "humidity" | "rainfall" | "wind";
    icon: IconName;
    value: string;
    label?: string;
  }[] = ready
    ? [
        { key: "temperature", icon: "sun", value: valueOr(ready.forecast.now.temperatureC, (v) => `${number(v)}°C`) },
        {
          key: "humidity",
          icon: "droplet",
          value: valueOr(ready.forecast.now.humidityPercent, (v) => `${number(v)}%`),
        },
        {
          key: "rainfall",
          icon: "cloud",
          value: `${number(ready.forecast.weekRainMm)} mm`,
          label: t("mapping.environment.rainWeek"),
        },
        { key: "wind", icon: "wind", value: valueOr(ready.forecast.now.windKmh, (v) => `${number(v)} km/h`) },
      ]
    : [
        { key: "temperature", icon: "sun", value: `${ENVIRONMENT_SAMPLE.temperatureC}°C` },
        { key: "humidity", icon: "droplet", value: `${ENVIRONMENT_SAMPLE.humidityPercent}%` },
        { key: "rainfall", icon: "cloud", value: `${ENVIRONMENT_SAMPLE.rainfallMm} mm` },
        { key: "wind", icon: "wind", value: `${ENVIRONMENT_SAMPLE.windKmh} km/h` },
      ];
  const note =
    weather === null || weather.status === "off"
      ? t("mapping.environment.sample")
      : weather.status === "pending"
        ? t("mapping.environment.loading")
        : weather.status === "unavailable"
          ? t("mapping.environment.sampleUnavailable")
          : weather.refreshing
            ? t("mapping.environment.refreshing")
            : t("mapping.environment.updated", { time: formatDate(weather.at, locale, "time") });
  return (
    <Card data-environment-panel="" data-weather-status={weather?.status ?? "none"}>
      <CardHeader>
        <CardTitle>{t("mapping.environment.title")}</CardTitle>
        <p className="text-xs text-gray-600 dark:text-gray-400" data-environment-note="" aria-live="polite">
          {note}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3">
          {tiles.map((item) => (
            // A list of terms holds only a term and its value per group: the icon is inside the term,
            // drawn beside both.
            <div key={item.key} className="relative min-w-0 rounded-xl bg-gray-50 py-3 pl-10 pr-3 dark:bg-gray-800">
              <dt className="text-xs text-gray-600 dark:text-gray-400">
                <Icon
                  name={item.icon}
                  className="absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-brand-700 dark:text-brand-300"
                />
                {item.label ?? t(`mapping.environment.${item.key}`)}
              </dt>
              <dd className="font-semibold whitespace-nowrap">{item.value}</dd>
            </div>
          ))}
        </dl>
        {ready ? (
          <>
            {ready.hints.length > 0 ? (
              <section aria-label={t("mapping.environment.hintsTitle")} data-weather-hints="">
                <h3 className="mb-1 text-sm font-semibold">{t("mapping.environment.hintsTitle")}</h3>
                <ul className="flex flex-col gap-1.5 text-sm">
                  {ready.hints.map((hint) => (
                    <li key={hint.kind} className="flex gap-2" data-hint={hint.kind}>
                      <Icon
                        name={hint.kind === "dryWindow" ? "check" : "alert"}
                        className="mt-0.5 h-4 w-4 shrink-0 text-earth-600 dark:text-earth-400"
                      />
                      <span>{hintText(hint, t, locale, number)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section aria-label={t("mapping.environment.week")}>
              <h3 className="mb-1 text-sm font-semibold">{t("mapping.environment.week")}</h3>
              <ol className="grid grid-cols-1 gap-1 text-sm" data-forecast-days="">
                {ready.forecast.days.map((day) => (
                  <li
                    key={day.date}
                    className="grid grid-cols-[4.25rem_1fr_auto] items-center gap-2 border-b border-gray-100 py-1 last:border-0 dark:border-gray-800"
                  >
                    <span className="font-medium">{dayLabel(day.date, locale)}</span>
                    <span className="flex min-w-0 items-center gap-1.5 text-gray-600 dark:text-gray-400">
                      {day.sky ? (
                        <Icon
                          name={SKY_ICONS[day.sky] ?? "cloud"}
                          className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300"
                        />
                      ) : null}
                      <span className="min-w-0 break-words">
                        {day.sky ? t(`mapping.environment.sky.${day.sky}`) : ""}
                      </span>
                    </span>
                    <span className="flex flex-col items-end text-right tabular-nums leading-tight">
                      <span className="whitespace-nowrap">
                        {day.maxC !== null ? `${number(Math.round(day.maxC))}°` : "–"}
                        {day.minC !== null ? ` / ${number(Math.round(day.minC))}°` : ""}
                      </span>
                      <span className="whitespace-nowrap text-xs text-gray-600 dark:text-gray-400">
                        {millimetres(day.rainMm ?? 0)}
                      </span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
            <p className="text-xs text-gray-600 dark:text-gray-400">{t("mapping.environment.source")}</p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function valueOr(value: number | null, format: (value: number) => string) {
  return value === null ? "–" : format(value);
}

function hintText(
  hint: WeatherHint,
  t: ReturnType<typeof useTranslation>["t"],
  locale: LanguageCode,
  number: (value: number) => string,
) {
  switch (hint.kind) {
    case "rainSoon":
      return t("mapping.environment.hints.rainSoon", { rain: number(hint.rainMm) });
    case "heavyRain":
      return t("mapping.environment.hints.heavyRain", { day: dayLabel(hint.date, locale), rain: number(hint.rainMm) });
    case "heat":
      return t("mapping.environment.hints.heat", {
        day: dayLabel(hint.date, locale),
        temperature: number(Math.round(hint.maxC)),
      });
    default:
      return t(`mapping.environment.hints.${hint.kind}`);
  }
}

/** The Soil Data tab: the topsoil at the farm's centre, each figure with what it means. */
export function SoilPanel({ soil, hasFarm }: { soil: SoilView | null; hasFarm: boolean }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  if (!hasFarm || soil === null)
    return <p className="text-sm text-gray-600 dark:text-gray-400">{t("mapping.soil.chooseFarm")}</p>;
  if (soil.status !== "ready") {
    const key = soil.status === "off" ? "off" : soil.status === "pending" ? "loading" : ("unavailable" as const);
    return (
      <p className="text-sm text-earth-700 dark:text-earth-400" data-soil-status={soil.status} aria-live="polite">
        {t(`mapping.soil.${key}`)}
      </p>
    );
  }
  if (!soil.soil || !soil.meanings)
    return (
      <p className="text-sm" data-soil-status="none">
        {t("mapping.soil.noData")}
      </p>
    );
  const { soil: figures, meanings } = soil;
  const rows = [
    { key: "ph", value: number(figures.ph), meaning: t(`mapping.soil.meaning.ph.${meanings.ph}`) },
    {
      key: "organicCarbon",
      value: t("mapping.soil.gPerKg", { value: number(figures.organicCarbonGPerKg) }),
      meaning: t(`mapping.soil.meaning.organicCarbon.${meanings.organicCarbon}`),
    },
    {
      key: "nitrogen",
      value: t("mapping.soil.gPerKg", { value: number(figures.nitrogenGPerKg) }),
      meaning: t(`mapping.soil.meaning.nitrogen.${meanings.nitrogen}`),
    },
    {
      key: "texture",
      value: t(`mapping.soil.textures.${figures.texture}`),
      detail: t("mapping.soil.textureParts", {
        sand: number(figures.sandPercent),
        silt: number(figures.siltPercent),
        clay: number(figures.clayPercent),
      }),
      meaning: t(`mapping.soil.meaning.texture.${meanings.texture}`),
    },
  ] as const;
  return (
    <section aria-label={t("mapping.soil.title")} data-soil-status="ready" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t("mapping.soil.title")}</h3>
      <dl className="grid gap-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key} className="rounded-xl bg-earth-50 p-3 dark:bg-gray-800" data-soil={row.key}>
            <dt className="text-xs text-gray-600 dark:text-gray-400">{t(`mapping.soil.${row.key}`)}</dt>
            <dd className="font-semibold">{row.value}</dd>
            {"detail" in row ? <dd className="text-xs text-gray-600 dark:text-gray-400">{row.detail}</dd> : null}
            <dd className="mt-1 text-sm">{row.meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t("mapping.soil.source")}</p>
    </section>
  );
}
