import { describe, expect, it } from "vitest";
import { forecastFor } from "../../../tests/support/fake-environment";
import { forecastUrl, readForecast, skyOf, weatherHints, type Forecast } from "./weather";

// The forecast read from an Open-Meteo answer, and the hints it gives for the farm's work.

const NOW = new Date("2026-11-28T09:20:00Z"); // 10:20 in Lagos

describe("forecastUrl", () => {
  it("asks for the place rounded to a kilometre, in Lagos time, with what the panel shows", () => {
    const url = new URL(forecastUrl("https://api.open-meteo.com", 7.377512, 3.947123));
    expect(url.pathname).toBe("/v1/forecast");
    expect(url.searchParams.get("latitude")).toBe("7.38");
    expect(url.searchParams.get("longitude")).toBe("3.95");
    expect(url.searchParams.get("timezone")).toBe("Africa/Lagos");
    expect(url.searchParams.get("forecast_days")).toBe("7");
    expect(url.searchParams.get("hourly")).toBe("precipitation,precipitation_probability");
  });
});

describe("readForecast", () => {
  it("reads now, the rain of the next 48 hours from the current hour, and seven days", () => {
    const forecast = readForecast(forecastFor(7.38, 3.95, NOW))!;
    expect(forecast.at).toBe("2026-11-28T10:00");
    expect(forecast.now).toMatchObject({ humidityPercent: 64, windKmh: 9.7, sky: "cloudy" });
    // 2.5 mm an hour, 30 to 33 hours from now.
    expect(forecast.next48h).toEqual({ rainMm: 10, rainChance: 80 });
    expect(forecast.days.map((day) => day.date)).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
    expect(forecast.weekRainMm).toBe(46);
  });

  it("refuses what is not a forecast: wrong types, days that do not line up, a missing series", () => {
    const good = forecastFor(7.38, 3.95, NOW);
    expect(readForecast(null)).toBeNull();
    expect(readForecast({})).toBeNull();
    expect(readForecast({ ...good, current: { ...good.current, time: "yesterday" } })).toBeNull();
    expect(readForecast({ ...good, daily: { ...good.daily, precipitation_sum: [1, 2] } })).toBeNull();
    expect(
      readForecast({ ...good, hourly: { ...good.hourly, precipitation: good.hourly.precipitation.slice(1) } }),
    ).toBeNull();
    expect(
      readForecast({
        ...good,
        daily: { ...good.daily, temperature_2m_max: good.daily.temperature_2m_max.map(String) },
      }),
    ).toBeNull();
  });

  it("keeps the readings a station lacks as null", () => {
    const good = forecastFor(7.38, 3.95, NOW);
    const gaps = readForecast({
      ...good,
      current: { ...good.current, temperature_2m: null },
      daily: { ...good.daily, temperature_2m_max: good.daily.temperature_2m_max.map(() => null) },
    })!;
    expect(gaps.now.temperatureC).toBeNull();
    expect(gaps.days[0]!.maxC).toBeNull();
  });
});

describe("skyOf", () => {
  it("reads the WMO weather codes as a farmer's sky", () => {
    expect([0, 2, 3, 45, 53, 63, 81, 95, 99, 71, null].map(skyOf)).toEqual([
      "clear",
      "cloudy",
      "cloudy",
      "fog",
      "drizzle",
      "rain",
      "rain",
      "storm",
      "storm",
      "rain",
      null,
    ]);
  });
});

describe("weatherHints", () => {
  const base: Forecast = {
    at: "2026-11-28T10:00",
    now: { temperatureC: 30, humidityPercent: 60, windKmh: 8, sky: "clear" },
    next48h: { rainMm: 0, rainChance: 5 },
    days: Array.from({ length: 7 }, (_, index) => ({
      date: `2026-12-0${index + 1}`,
      sky: "clear" as const,
      maxC: 32,
      minC: 22,
      rainMm: 0,
      rainChance: 5,
    })),
    weekRainMm: 0,
  };

  it("says not to spray when rain is expected within 48 hours, by amount or by chance", () => {
    expect(weatherHints({ ...base, next48h: { rainMm: 1, rainChance: 20 } })[0]).toEqual({
      kind: "rainSoon",
      rainMm: 1,
    });
    expect(weatherHints({ ...base, next48h: { rainMm: 0.4, rainChance: 70 } })[0]?.kind).toBe("rainSoon");
  });

  it("says a dry 48 hours is a good time to spray, and a dry week needs watering", () => {
    expect(weatherHints(base).map((hint) => hint.kind)).toEqual(["dryWindow", "dryWeek"]);
  });

  it("names the first day of heavy rain and of heat", () => {
    const days = base.days.map((day, index) =>
      index === 2
        ? { ...day, rainMm: 42 }
        : index === 4
          ? { ...day, maxC: 37.5 }
          : index === 5
            ? { ...day, rainMm: 50 }
            : day,
    );
    const hints = weatherHints({ ...base, days, weekRainMm: 92, next48h: { rainMm: 0.5, rainChance: 40 } });
    expect(hints).toEqual([
      { kind: "heavyRain", date: "2026-12-03", rainMm: 42 },
      { kind: "heat", date: "2026-12-05", maxC: 37.5 },
    ]);
  });
});
