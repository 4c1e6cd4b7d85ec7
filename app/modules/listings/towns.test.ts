import { describe, expect, it } from "vitest";
import { isValidLatitude, isValidLongitude } from "~/lib/geo";
import { findTown, NIGERIAN_TOWNS, nearestTown, priceTown, STATE_CAPITALS } from "./towns";

describe("NIGERIAN_TOWNS", () => {
  it("lies inside Nigeria's bounding box", () => {
    for (const town of NIGERIAN_TOWNS) {
      expect(isValidLatitude(town.latitude) && isValidLongitude(town.longitude)).toBe(true);
      expect(town.latitude).toBeGreaterThan(4.2);
      expect(town.latitude).toBeLessThan(13.9);
      expect(town.longitude).toBeGreaterThan(2.6);
      expect(town.longitude).toBeLessThan(14.7);
    }
  });

  it("has no duplicate names", () => {
    const names = NIGERIAN_TOWNS.map((town) => town.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("findTown", () => {
  it("matches names whatever the case, spacing and punctuation", () => {
    expect(findTown("port harcourt")?.state).toBe("Rivers");
    expect(findTown("  ILE IFE ")?.name).toBe("Ile-Ife");
    expect(findTown("Ibadan, Oyo")?.name).toBe("Ibadan");
  });

  it("falls back to a prefix, then to a state name", () => {
    expect(findTown("Abak")?.name).toBe("Abakaliki");
    expect(findTown("Borno")?.name).toBe("Maiduguri");
  });

  it("answers undefined for unknown or empty text", () => {
    expect(findTown("Atlantis")).toBeUndefined();
    expect(findTown("   ")).toBeUndefined();
  });
});

describe("the towns prices are counted in", () => {
  it("has every state capital and the FCT's", () => {
    expect(Object.keys(STATE_CAPITALS)).toHaveLength(37);
    for (const [state, capital] of Object.entries(STATE_CAPITALS))
      expect(NIGERIAN_TOWNS.find((town) => town.name === capital)?.state, capital).toBe(state);
  });

  it("finds the town nearest a point", () => {
    expect(nearestTown(7.39, 3.93).name).toBe("Ibadan");
    expect(nearestTown(12.05, 8.5).name).toBe("Kano");
    expect(nearestTown(10.27, 13.25).name).toBe("Mubi");
  });

  it("counts a listing in the town its locality names, else the nearest to its place, else as typed", () => {
    expect(priceTown({ locality: "ibadan,  Oyo", latitude: 12, longitude: 8.6 })).toBe("Ibadan");
    expect(priceTown({ locality: "Bodija market", latitude: 7.4, longitude: 3.91 })).toBe("Ibadan");
    expect(priceTown({ locality: null, latitude: 11.0, longitude: 7.7 })).toBe("Zaria");
    expect(priceTown({ locality: "  Tudun   Wada ", latitude: null, longitude: null })).toBe("Tudun Wada");
    expect(priceTown({ locality: null, latitude: null, longitude: null })).toBeNull();
  });
});
