import http from "node:http";
import type { AddressInfo } from "node:net";

// A local HTTP server speaking the two open services the farms' environment comes from:
// Open-Meteo's forecast (GET /v1/forecast: current, hourly and daily series as requested, in
// Africa/Lagos time) and ISRIC SoilGrids v2.0 (GET /soilgrids/v2.0/properties/query: a GeoJSON
// Feature whose layers carry mapped units and a d_factor). Its answers are worked out from the
// place asked (so two farms get two forecasts) and today's date. Each service can be told to be
// slow, down (the connection cut), to refuse (HTTP 503), or to answer malformed JSON, and every
// request is kept for the tests to read.

export type ServiceMode = "up" | "slow" | "down" | "refuse" | "malformed";
type Service = "weather" | "soil";

export interface EnvironmentRequest {
  service: Service;
  path: string;
  query: URLSearchParams;
}

/** Today's date and hour in Nigeria (UTC+1, no summer time), as Open-Meteo writes local times. */
function lagosNow(now = new Date()) {
  const local = new Date(now.getTime() + 3_600_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A week in the rains near the place: dry now, rain 30-33 hours from now (2.5 mm an hour), a heavy
 * storm on the fourth day, a hot fifth day; temperatures a little lower the further north-east.
 */
export function forecastFor(latitude: number, longitude: number, now = new Date()) {
  const { date, hour } = lagosNow(now);
  const offset = Math.round((latitude - 6 + (longitude - 3)) * 5) / 10;
  const hourlyTime: string[] = [];
  const hourlyRain: number[] = [];
  const hourlyChance: number[] = [];
  for (let index = 0; index < 7 * 24; index += 1) {
    const day = Math.floor(index / 24);
    const hourOfDay = index % 24;
    hourlyTime.push(`${addDays(date, day)}T${String(hourOfDay).padStart(2, "0")}:00`);
    const fromNow = index - hour;
    const rain = fromNow >= 30 && fromNow < 34 ? 2.5 : day === 3 && hourOfDay >= 14 && hourOfDay < 20 ? 6 : 0;
    hourlyRain.push(rain);
    hourlyChance.push(rain > 0 ? 80 : 10);
  }
  const dailyRain = Array.from(
    { length: 7 },
    (_, day) => Math.round(hourlyRain.slice(day * 24, day * 24 + 24).reduce((sum, value) => sum + value, 0) * 10) / 10,
  );
  return {
    latitude,
    longitude,
    generationtime_ms: 0.2,
    utc_offset_seconds: 3600,
    timezone: "Africa/Lagos",
    timezone_abbreviation: "WAT",
    elevation: 212,
    current_units: { time: "iso8601", temperature_2m: "°C", relative_humidity_2m: "%", wind_speed_10m: "km/h" },
    current: {
      time: `${date}T${String(hour).padStart(2, "0")}:00`,
      interval: 900,
      temperature_2m: Math.round((31.2 - offset) * 10) / 10,
      relative_humidity_2m: 64,
      precipitation: 0,
      wind_speed_10m: 9.7,
      weather_code: 2,
    },
    hourly_units: { time: "iso8601", precipitation: "mm", precipitation_probability: "%" },
    hourly: { time: hourlyTime, precipitation: hourlyRain, precipitation_probability: hourlyChance },
    daily_units: { time: "iso8601", temperature_2m_max: "°C", precipitation_sum: "mm" },
    daily: {
      time: Array.from({ length: 7 }, (_, day) => addDays(date, day)),
      weather_code: dailyRain.map((rain) => (rain >= 30 ? 95 : rain > 0 ? 61 : 2)),
      temperature_2m_max: [33.1, 32.4, 31.8, 29.5, 36.2, 33.9, 34.4].map(
        (value) => Math.round((value - offset) * 10) / 10,
      ),
      temperature_2m_min: [23.2, 22.9, 22.4, 21.8, 24.1, 23.5, 23.0].map(
        (value) => Math.round((value - offset) * 10) / 10,
      ),
      precipitation_sum: dailyRain,
      precipitation_probability_max: dailyRain.map((rain) => (rain > 0 ? 80 : 10)),
    },
  };
}

/** The soil SoilGrids would give near Ibadan: acid, poor in carbon and nitrogen, a sandy clay loam. */
export const SOIL_SAMPLE = {
  phh2o: { d_factor: 10, mapped: "pH*10", target: "-", values: [52, 53] },
  soc: { d_factor: 10, mapped: "dg/kg", target: "g/kg", values: [92, 80] },
  nitrogen: { d_factor: 100, mapped: "cg/kg", target: "g/kg", values: [88, 74] },
  sand: { d_factor: 10, mapped: "g/kg", target: "%", values: [630, 610] },
  silt: { d_factor: 10, mapped: "g/kg", target: "%", values: [140, 140] },
  clay: { d_factor: 10, mapped: "g/kg", target: "%", values: [230, 250] },
} as const;

/** What SoilGrids answers where it has no soil (water, rock, a town): every value null. */
export const SOIL_NO_DATA = Object.fromEntries(
  Object.entries(SOIL_SAMPLE).map(([name, layer]) => [name, { ...layer, values: [null, null] }]),
);

export function soilFor(
  query: URLSearchParams,
  sample: Record<
    string,
    { d_factor: number; mapped: string; target: string; values: readonly (number | null)[] }
  > = SOIL_SAMPLE,
) {
  const depths = query.getAll("depth");
  const labels = ["0-5cm", "5-15cm", "15-30cm", "30-60cm", "60-100cm", "100-200cm"];
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: [Number(query.get("lon")), Number(query.get("lat"))] },
    properties: {
      layers: query.getAll("property").map((name) => {
        const layer = sample[name];
        return {
          name,
          unit_measure: {
            d_factor: layer?.d_factor ?? 10,
            mapped_units: layer?.mapped ?? "",
            target_units: layer?.target ?? "",
            uncertainty_unit: "",
          },
          depths: depths.map((label) => {
            const index = labels.indexOf(label);
            const [top, bottom] = label.replace("cm", "").split("-").map(Number);
            return {
              range: { top_depth: top, bottom_depth: bottom, unit_depth: "cm" },
              label,
              values: { mean: layer?.values[index] ?? null },
            };
          }),
        };
      }),
    },
    query_time_s: 0.4,
  };
}

export async function startFakeEnvironment(options: { port?: number } = {}) {
  const requests: EnvironmentRequest[] = [];
  const modes: Record<Service, ServiceMode> = { weather: "up", soil: "up" };
  /** How long a slow service waits before answering. */
  let slowMs = 30_000;
  let soilSample: Parameters<typeof soilFor>[1] = SOIL_SAMPLE;
  const held = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake-environment.local");
    const service: Service | null =
      url.pathname === "/v1/forecast" ? "weather" : url.pathname === "/soilgrids/v2.0/properties/query" ? "soil" : null;
    if (!service || request.method !== "GET") {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: true, reason: "Not found" }));
      return;
    }
    requests.push({ service, path: url.pathname, query: url.searchParams });
    const send = () => {
      const mode = modes[service];
      if (mode === "down") {
        request.socket.destroy();
        return;
      }
      if (mode === "refuse") {
        response.writeHead(503, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: true, reason: "Service temporarily unavailable" }));
        return;
      }
      if (mode === "malformed") {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(
          service === "weather"
            ? '{"current":{"time":"yesterday"},"daily":'
            : '{"type":"Feature","properties":{"layers":"none"}}',
        );
        return;
      }
      const query = url.searchParams;
      const body =
        service === "weather"
          ? forecastFor(Number(query.get("latitude")), Number(query.get("longitude")))
          : soilFor(query, soilSample);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (modes[service] === "slow") {
      const timer = setTimeout(() => {
        held.delete(timer);
        send();
      }, slowMs);
      held.add(timer);
    } else send();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    set(service: Service, mode: ServiceMode, options: { slowMs?: number } = {}) {
      modes[service] = mode;
      if (options.slowMs !== undefined) slowMs = options.slowMs;
    },
    /** The soil answered from now on (null values: a place without soil data). */
    setSoil(sample: Parameters<typeof soilFor>[1]) {
      soilSample = sample;
    },
    reset() {
      requests.length = 0;
      modes.weather = "up";
      modes.soil = "up";
      soilSample = SOIL_SAMPLE;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeEnvironment = Awaited<ReturnType<typeof startFakeEnvironment>>;
