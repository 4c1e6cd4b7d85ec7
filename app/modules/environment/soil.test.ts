import { describe, expect, it } from "vitest";
import { SOIL_NO_DATA, SOIL_SAMPLE, soilFor } from "../../../tests/support/fake-environment";
import { readSoil, soilMeanings, soilUrl, textureClass, textureGroup } from "./soil";

// The topsoil read from a SoilGrids answer, its texture class and what it means for a farmer.

describe("soilUrl", () => {
  it("asks for the six properties of the two upper layers at the place rounded to 100 m", () => {
    const url = new URL(soilUrl("https://rest.isric.org", 7.377512, 3.947123));
    expect(url.pathname).toBe("/soilgrids/v2.0/properties/query");
    expect([url.searchParams.get("lat"), url.searchParams.get("lon")]).toEqual(["7.378", "3.947"]);
    expect(url.searchParams.getAll("property")).toEqual(["phh2o", "soc", "nitrogen", "sand", "silt", "clay"]);
    expect(url.searchParams.getAll("depth")).toEqual(["0-5cm", "5-15cm"]);
    expect(url.searchParams.get("value")).toBe("mean");
  });
});

describe("readSoil", () => {
  const query = new URL(soilUrl("http://x", 7.38, 3.95)).searchParams;

  it("weights the two layers by their depth and divides by each layer's d_factor", () => {
    expect(readSoil(soilFor(query))).toEqual({
      ph: 5.3,
      organicCarbonGPerKg: 8.4,
      nitrogenGPerKg: 0.79,
      sandPercent: 62,
      siltPercent: 14,
      clayPercent: 24,
      texture: "sandyClayLoam",
    });
  });

  it("uses the layer that has a value when the other has none", () => {
    const sample = { ...SOIL_SAMPLE, phh2o: { ...SOIL_SAMPLE.phh2o, values: [null, 61] } };
    expect(readSoil(soilFor(query, sample))?.ph).toBe(6.1);
  });

  it("answers null for a place without soil data, and throws on what is not SoilGrids' answer", () => {
    expect(readSoil(soilFor(query, SOIL_NO_DATA))).toBeNull();
    expect(() => readSoil({ type: "Feature", properties: { layers: "none" } })).toThrow();
    expect(() => readSoil({ properties: { layers: [] } })).toThrow(/no phh2o layer/);
    expect(() => readSoil("<html>")).toThrow();
  });
});

describe("textureClass", () => {
  it("follows the USDA triangle", () => {
    const cases: [number, number, number, string][] = [
      [92, 5, 3, "sand"],
      [82, 12, 6, "loamySand"],
      [65, 25, 10, "sandyLoam"],
      [50, 45, 5, "sandyLoam"],
      [40, 40, 20, "loam"],
      [20, 65, 15, "siltLoam"],
      [45, 50, 5, "siltLoam"],
      [5, 88, 7, "silt"],
      [60, 15, 25, "sandyClayLoam"],
      [30, 35, 35, "clayLoam"],
      [10, 55, 35, "siltyClayLoam"],
      [50, 5, 45, "sandyClay"],
      [5, 45, 50, "siltyClay"],
      [30, 20, 50, "clay"],
    ];
    for (const [sand, silt, clay, expected] of cases)
      expect(textureClass(sand, silt, clay), `${sand}/${silt}/${clay}`).toBe(expected);
  });

  it("groups the classes as a farmer works them", () => {
    expect(["sand", "loam", "clay", "siltyClayLoam", "sandyLoam"].map((each) => textureGroup(each as never))).toEqual([
      "sandy",
      "loamy",
      "clayey",
      "clayey",
      "sandy",
    ]);
  });
});

describe("soilMeanings", () => {
  const soil = {
    ph: 6.2,
    organicCarbonGPerKg: 14,
    nitrogenGPerKg: 1.4,
    sandPercent: 40,
    siltPercent: 40,
    clayPercent: 20,
    texture: "loam" as const,
  };
  it("reads acid, good and alkaline pH, poor and rich carbon, low nitrogen", () => {
    expect(soilMeanings(soil)).toEqual({ ph: "good", organicCarbon: "some", nitrogen: "enough", texture: "loamy" });
    expect(soilMeanings({ ...soil, ph: 5.4, organicCarbonGPerKg: 6, nitrogenGPerKg: 0.6 })).toMatchObject({
      ph: "acid",
      organicCarbon: "low",
      nitrogen: "low",
    });
    expect(soilMeanings({ ...soil, ph: 7.8, organicCarbonGPerKg: 25 })).toMatchObject({
      ph: "alkaline",
      organicCarbon: "rich",
    });
  });
});
