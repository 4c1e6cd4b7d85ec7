import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import fr from "~/locales/fr.json";
import ha from "~/locales/ha.json";
import ig from "~/locales/ig.json";
import yo from "~/locales/yo.json";
import { cropSummary, drawnPlotName, formatArea, formatCoordinate } from "./format";

beforeAll(async () => {
  await i18next.init({
    lng: "en",
    resources: {
      en: { translation: en },
      fr: { translation: fr },
      ha: { translation: ha },
      ig: { translation: ig },
      yo: { translation: yo },
    },
  });
});

describe("formatArea", () => {
  it("writes hectares, with fewer decimals as the area grows", () => {
    expect(formatArea(30.9312, i18next.t, "en")).toBe("30.9 ha");
    expect(formatArea(1.2345, i18next.t, "en")).toBe("1.23 ha");
    expect(formatArea(1234.5, i18next.t, "en")).toBe("1,235 ha");
  });

  it("adds square metres for a small plot", () => {
    expect(formatArea(0.1234, i18next.t, "en")).toBe("0.12 ha (1,234 m²)");
  });

  it("writes numbers the reader's way", () => {
    expect(formatArea(1.5, i18next.t, "fr")).toBe("1,5 ha");
  });

  it("has nothing to say without an area", () => {
    expect(formatArea(null, i18next.t, "en")).toBeNull();
    expect(formatArea(Number.NaN, i18next.t, "en")).toBeNull();
  });
});

describe("cropSummary, formatCoordinate, drawnPlotName", () => {
  it("shows three crops then how many more", () => {
    expect(cropSummary(["Onion", "Tomato", "Pepper", "Maize", "Yam"])).toEqual({
      shown: ["Onion", "Tomato", "Pepper"],
      more: 2,
    });
    expect(cropSummary(["Onion", "Tomato", "Pepper"], 2)).toEqual({ shown: ["Onion", "Tomato"], more: 1 });
    expect(cropSummary([])).toEqual({ shown: [], more: 0 });
  });

  it("writes coordinates with 4 decimals and names a drawn plot by its time", () => {
    expect(formatCoordinate(6.52441234)).toBe("6.5244");
    expect(formatCoordinate(3.3)).toBe("3.3000");
  });

  it("names a drawn plot 'Plot' and the day, month and time it was drawn, in Lagos time and the reader's language", () => {
    // 2025-11-24T16:05:00Z is 17:05 in Lagos.
    const drawn = new Date(Date.UTC(2025, 10, 24, 16, 5));
    expect(drawnPlotName(i18next.getFixedT("en"), "en", drawn)).toBe("Plot 24 Nov 17:05");
    expect(drawnPlotName(i18next.getFixedT("fr"), "fr", drawn)).toBe("Parcelle 24 nov. 17:05");
    expect(drawnPlotName(i18next.getFixedT("ha"), "ha", drawn)).toBe("Fili 24 Nuw 17:05");
    for (const language of ["ig", "yo"] as const) {
      const name = drawnPlotName(i18next.getFixedT(language), language, drawn);
      expect(name).toMatch(/^\D+ 24 \S+ 17:05$/);
      expect(name).not.toMatch(/\d{6,}/);
    }
    // Past midnight in Lagos, the next day; never a raw timestamp.
    expect(drawnPlotName(i18next.getFixedT("en"), "en", new Date(Date.UTC(2026, 0, 31, 23, 30)))).toBe(
      "Plot 1 Feb 00:30",
    );
  });
});
