import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import { cropSummary, drawnPlotName, formatArea, formatCoordinate } from "./format";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } } });
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
    expect(drawnPlotName(i18next.t, new Date(1764000000000))).toBe("Plot 1764000000000");
  });
});
