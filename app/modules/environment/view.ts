import type { soilMeanings, Soil } from "./soil";
import type { Forecast, WeatherHint } from "./weather";

// What the mapping page and GET /api/farms/{id}/environment carry of a farm's weather and soil.

export type FailureReason = "unreachable" | "slow" | "refused" | "malformed";

export type EnvironmentStatus<T> =
  | { status: "off" }
  | { status: "pending" }
  | { status: "unavailable"; reason: FailureReason; at: string }
  | ({ status: "ready"; at: string; refreshing: boolean } & T);

export type WeatherView = EnvironmentStatus<{ forecast: Forecast; hints: WeatherHint[] }>;
export type SoilView = EnvironmentStatus<{
  soil: Soil | null;
  meanings: ReturnType<typeof soilMeanings> | null;
}>;

export interface FarmEnvironment {
  weather: WeatherView;
  soil: SoilView;
}
