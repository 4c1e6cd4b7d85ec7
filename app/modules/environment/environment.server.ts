import { getEnv } from "~/env.server";
import { enqueue } from "~/jobs/enqueue.server";
import { prisma } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { readSoil, soilMeanings, soilUrl, type Soil } from "./soil";
import type { FailureReason, FarmEnvironment, EnvironmentStatus } from "./view";
import { forecastUrl, readForecast, weatherHints, type Forecast } from "./weather";

export type { FarmEnvironment, SoilView, WeatherView } from "./view";

// A farm's weather and soil: read from the cache a page asks (never waiting on a provider), filled
// by the farm-environment queue's jobs, which ask Open-Meteo and SoilGrids (or the servers
// WEATHER_URL and SOIL_URL name). A forecast is kept an hour and shown for three while a newer one
// is fetched; the soil, which does not change, 30 days; a failed ask is remembered 10 minutes,
// so a page opened again and again does not ask again and again. A farm that moved is asked anew.

export type EnvironmentKind = "weather" | "soil";

const FRESH_SECONDS: Record<EnvironmentKind, number> = { weather: 3_600, soil: 30 * 86_400 };
/** How long a value is still shown (marked as such) while a newer one is fetched. */
const KEPT_SECONDS: Record<EnvironmentKind, number> = { weather: 3 * 3_600, soil: 60 * 86_400 };
export const FAILURE_SECONDS = 600;
/** A farm whose centre moved further than this (degrees, about 200 m) is asked about again. */
const MOVED_DEGREES = 0.002;

interface Cached<T> {
  at: string;
  latitude: number;
  longitude: number;
  data: T;
}
interface Failed {
  at: string;
  latitude: number;
  longitude: number;
  reason: FailureReason;
}

const redis = () => sharedRedisConnection("app", "app", 55);
const cacheKey = (kind: EnvironmentKind, farmId: string) => `${getEnv().QUEUE_PREFIX}:farm-env:${kind}:${farmId}`;
const failedKey = (kind: EnvironmentKind, farmId: string) => `${cacheKey(kind, farmId)}:failed`;
const baseUrl = (kind: EnvironmentKind) => (kind === "weather" ? getEnv().WEATHER_URL : getEnv().SOIL_URL);

interface Place {
  id: string;
  centerLat: number;
  centerLng: number;
}

const samePlace = (cached: { latitude: number; longitude: number }, farm: Place) =>
  Math.abs(cached.latitude - farm.centerLat) <= MOVED_DEGREES &&
  Math.abs(cached.longitude - farm.centerLng) <= MOVED_DEGREES;

const parsed = <T>(raw: string | null): T | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

/** Asks the queue for a fresh value: one job per farm, place and kind every 10 minutes, however often the page asks. */
async function requestRefresh(kind: EnvironmentKind, farm: Place) {
  const slot = Math.floor(Date.now() / (FAILURE_SECONDS * 1000));
  const place = `${Math.round(farm.centerLat / MOVED_DEGREES)}_${Math.round(farm.centerLng / MOVED_DEGREES)}`;
  await enqueue("farm-environment", { farmId: farm.id, kind }, { jobId: `${kind}-${farm.id}-${place}-${slot}` });
}

async function viewOf<T>(kind: EnvironmentKind, farm: Place): Promise<EnvironmentStatus<{ value: T }>> {
  if (!baseUrl(kind)) return { status: "off" };
  // The value and the note of a failure, in one round trip.
  const [cachedRaw, failedRaw] = await redis().mget(cacheKey(kind, farm.id), failedKey(kind, farm.id));
  const cached = parsed<Cached<T>>(cachedRaw ?? null);
  const failed = parsed<Failed>(failedRaw ?? null);
  const kept = cached && samePlace(cached, farm) ? cached : null;
  // A failure is remembered for 10 minutes (its key's lifetime): no new ask before then.
  const failure = failed && samePlace(failed, farm) ? failed : null;
  const fresh = kept !== null && (Date.now() - Date.parse(kept.at)) / 1000 < FRESH_SECONDS[kind];
  if (!fresh && !failure) await requestRefresh(kind, farm);
  if (kept) return { status: "ready", at: kept.at, refreshing: !fresh && !failure, value: kept.data };
  if (failure) return { status: "unavailable", reason: failure.reason, at: failure.at };
  return { status: "pending" };
}

/**
 * The farm's weather and soil as the cache has them, asking the queue for what is missing or old.
 * Redis away: both unavailable, and the page goes on.
 */
export async function farmEnvironment(farm: Place): Promise<FarmEnvironment> {
  try {
    const [weather, soil] = await Promise.all([viewOf<Forecast>("weather", farm), viewOf<Soil | null>("soil", farm)]);
    return {
      weather:
        weather.status === "ready"
          ? {
              status: "ready",
              at: weather.at,
              refreshing: weather.refreshing,
              forecast: weather.value,
              hints: weatherHints(weather.value),
            }
          : weather,
      soil:
        soil.status === "ready"
          ? {
              status: "ready",
              at: soil.at,
              refreshing: soil.refreshing,
              soil: soil.value,
              meanings: soil.value ? soilMeanings(soil.value) : null,
            }
          : soil,
    };
  } catch (error) {
    logger.warn({ err: error, farmId: farm.id }, "the farm's weather and soil could not be read");
    const at = new Date().toISOString();
    return {
      weather: { status: "unavailable", reason: "unreachable", at },
      soil: { status: "unavailable", reason: "unreachable", at },
    };
  }
}

class ProviderFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
  }
}

async function askProvider(url: string, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json", "User-Agent": "Asiiko farm tools" } });
  } catch (error) {
    if (signal.aborted) throw new ProviderFailure("slow", "the provider did not answer in time");
    throw new ProviderFailure("unreachable", error instanceof Error ? error.message : String(error));
  }
  const text = await response.text().catch(() => {
    throw new ProviderFailure(signal.aborted ? "slow" : "unreachable", "the answer was cut off");
  });
  if (!response.ok) throw new ProviderFailure("refused", `answered ${response.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderFailure("malformed", "the answer is not JSON");
  }
}

/**
 * The farm-environment job: asks the provider about the farm's centre (rounded: a forecast needs
 * the place to a kilometre, the soil to about 100 m) and keeps the answer, or that it failed.
 * A farm that is gone is nothing to do.
 */
export async function refreshFarmEnvironment(farmId: string, kind: EnvironmentKind, signal: AbortSignal) {
  const base = baseUrl(kind);
  if (!base) return { kind, outcome: "off" as const };
  const farm = await prisma.farm.findUnique({
    where: { id: farmId },
    select: { id: true, centerLat: true, centerLng: true },
  });
  if (!farm) return { kind, outcome: "no-farm" as const };
  const place = { latitude: farm.centerLat, longitude: farm.centerLng };
  const at = new Date().toISOString();
  try {
    const url =
      kind === "weather"
        ? forecastUrl(base, farm.centerLat, farm.centerLng)
        : soilUrl(base, farm.centerLat, farm.centerLng);
    const answer = await askProvider(url, signal);
    let data: Forecast | Soil | null;
    if (kind === "weather") {
      data = readForecast(answer);
      if (!data) throw new ProviderFailure("malformed", "not an Open-Meteo forecast");
    } else {
      try {
        data = readSoil(answer);
      } catch (error) {
        throw new ProviderFailure("malformed", error instanceof Error ? error.message : String(error));
      }
    }
    const entry: Cached<Forecast | Soil | null> = { at, ...place, data };
    await redis()
      .multi()
      .set(cacheKey(kind, farm.id), JSON.stringify(entry), "EX", KEPT_SECONDS[kind])
      .del(failedKey(kind, farm.id))
      .exec();
    return { kind, outcome: "kept" as const };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    // What was kept before stays shown (marked by its time); the failure holds off new asks.
    const failure: Failed = { at, ...place, reason: error.reason };
    await redis().set(failedKey(kind, farm.id), JSON.stringify(failure), "EX", FAILURE_SECONDS);
    return { kind, outcome: "failed" as const, reason: error.reason, detail: error.message };
  }
}

/** Forgets what was kept about a farm (it was deleted). */
export async function forgetFarmEnvironment(farmId: string) {
  await redis().del(
    cacheKey("weather", farmId),
    cacheKey("soil", farmId),
    failedKey("weather", farmId),
    failedKey("soil", farmId),
  );
}
