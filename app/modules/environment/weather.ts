import { z } from "zod";

// A farm's forecast from an Open-Meteo server: the request we send, the answer read with a schema
// (a malformed answer is refused, never half-shown), and the plain farm-work hints worked out from
// it. Pure: fetching and caching are environment.server.ts's.

/** Decimals of the place sent for a forecast: 0.01° is about a kilometre, finer than any forecast grid. */
export const WEATHER_PLACE_DECIMALS = 2;

/** The Open-Meteo forecast request for a place: now, the next 48 hours' rain, and 7 days, in Nigeria's time. */
export function forecastUrl(base: string, latitude: number, longitude: number) {
  const query = new URLSearchParams({
    latitude: latitude.toFixed(WEATHER_PLACE_DECIMALS),
    longitude: longitude.toFixed(WEATHER_PLACE_DECIMALS),
    current: "temperature_2m,relative_humidity_2m,precipitation,wind_speed_10m,weather_code",
    hourly: "precipitation,precipitation_probability",
    daily: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max",
    timezone: "Africa/Lagos",
    forecast_days: "7",
    wind_speed_unit: "kmh",
  });
  return `${base}/v1/forecast?${query}`;
}

const reading = z.number().finite().nullable();
const series = z.array(reading).max(400);
const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const answerSchema = z.object({
  current: z.object({
    time: localTime,
    temperature_2m: reading,
    relative_humidity_2m: reading,
    precipitation: reading.optional(),
    wind_speed_10m: reading,
    weather_code: reading.optional(),
  }),
  hourly: z.object({ time: z.array(localTime).max(400), precipitation: series, precipitation_probability: series }),
  daily: z.object({
    time: z.array(localDate).min(1).max(16),
    weather_code: series,
    temperature_2m_max: series,
    temperature_2m_min: series,
    precipitation_sum: series,
    precipitation_probability_max: series,
  }),
});

export type WeatherSky = "clear" | "cloudy" | "fog" | "drizzle" | "rain" | "storm";

export interface ForecastDay {
  date: string;
  sky: WeatherSky | null;
  maxC: number | null;
  minC: number | null;
  rainMm: number | null;
  rainChance: number | null;
}

export interface Forecast {
  /** The time of the current reading, local to Nigeria (YYYY-MM-DDTHH:MM). */
  at: string;
  now: {
    temperatureC: number | null;
    humidityPercent: number | null;
    windKmh: number | null;
    sky: WeatherSky | null;
  };
  /** Rain in the next 48 hours: the total expected, and the highest chance of any hour. */
  next48h: { rainMm: number; rainChance: number | null };
  days: ForecastDay[];
  /** Rain expected over the days shown. */
  weekRainMm: number;
}

/** The WMO weather code as a farmer's sky. */
export function skyOf(code: number | null | undefined): WeatherSky | null {
  if (code === null || code === undefined) return null;
  if (code <= 1) return "clear";
  if (code <= 3) return "cloudy";
  if (code === 45 || code === 48) return "fog";
  if (code >= 51 && code <= 57) return "drizzle";
  if (code >= 95) return "storm";
  if (code >= 61) return "rain";
  return null;
}

const round1 = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

/** Reads an Open-Meteo answer; null when it is not one (a schema that does not match, days that do not line up). */
export function readForecast(answer: unknown): Forecast | null {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) return null;
  const { current, hourly, daily } = parsed.data;
  const dayCount = daily.time.length;
  const dailySeries = [
    daily.weather_code,
    daily.temperature_2m_max,
    daily.temperature_2m_min,
    daily.precipitation_sum,
    daily.precipitation_probability_max,
  ];
  if (dailySeries.some((values) => values.length !== dayCount)) return null;
  if (hourly.precipitation.length !== hourly.time.length) return null;
  if (hourly.precipitation_probability.length !== hourly.time.length) return null;
  const days = daily.time.slice(0, 7).map((date, index) => ({
    date,
    sky: skyOf(daily.weather_code[index]),
    maxC: round1(daily.temperature_2m_max[index]),
    minC: round1(daily.temperature_2m_min[index]),
    rainMm: round1(daily.precipitation_sum[index]),
    rainChance: daily.precipitation_probability_max[index] ?? null,
  }));
  // The hours from the current one (its hour, as the hourly times are whole hours) to 48 later.
  const from = current.time.slice(0, 13);
  const start = hourly.time.findIndex((time) => time.slice(0, 13) >= from);
  const hours = start === -1 ? [] : hourly.time.slice(start, start + 48).map((_, offset) => start + offset);
  const chances = hours.map((index) => hourly.precipitation_probability[index]).filter((value) => value !== null);
  return {
    at: current.time,
    now: {
      temperatureC: round1(current.temperature_2m),
      humidityPercent: current.relative_humidity_2m === null ? null : Math.round(current.relative_humidity_2m),
      windKmh: round1(current.wind_speed_10m),
      sky: skyOf(current.weather_code),
    },
    next48h: {
      rainMm: round1(hours.reduce((sum, index) => sum + (hourly.precipitation[index] ?? 0), 0)) ?? 0,
      rainChance: chances.length ? Math.max(...(chances as number[])) : null,
    },
    days,
    weekRainMm: round1(days.reduce((sum, day) => sum + (day.rainMm ?? 0), 0)) ?? 0,
  };
}

/** A hint for the farm's work, as a translation key under mapping.weather.hints and its values. */
export type WeatherHint =
  | { kind: "rainSoon"; rainMm: number }
  | { kind: "dryWindow" }
  | { kind: "heavyRain"; date: string; rainMm: number }
  | { kind: "heat"; date: string; maxC: number }
  | { kind: "dryWeek" };

/** Rain in 48 hours at or above this, or a chance at or above RAIN_LIKELY_PERCENT, is rain to plan around. */
export const RAIN_SOON_MM = 1;
export const RAIN_LIKELY_PERCENT = 60;
/** A day with this much rain floods drains and soaks harvested crops. */
export const HEAVY_RAIN_MM = 30;
/** A day this hot stresses crops and animals. */
export const HEAT_C = 35;
/** A week with less rain than this is dry. */
export const DRY_WEEK_MM = 2;

/** What the forecast means for the farm's work this week, most urgent first. */
export function weatherHints(forecast: Forecast): WeatherHint[] {
  const hints: WeatherHint[] = [];
  const { rainMm, rainChance } = forecast.next48h;
  if (rainMm >= RAIN_SOON_MM || (rainChance ?? 0) >= RAIN_LIKELY_PERCENT) hints.push({ kind: "rainSoon", rainMm });
  else if (rainMm < 0.2 && (rainChance ?? 0) < 30) hints.push({ kind: "dryWindow" });
  const heavy = forecast.days.find((day) => (day.rainMm ?? 0) >= HEAVY_RAIN_MM);
  if (heavy) hints.push({ kind: "heavyRain", date: heavy.date, rainMm: heavy.rainMm! });
  const hot = forecast.days.find((day) => (day.maxC ?? 0) >= HEAT_C);
  if (hot) hints.push({ kind: "heat", date: hot.date, maxC: hot.maxC! });
  if (forecast.days.length >= 5 && forecast.weekRainMm < DRY_WEEK_MM) hints.push({ kind: "dryWeek" });
  return hints;
}
