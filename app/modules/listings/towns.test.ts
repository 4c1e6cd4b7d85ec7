import { describe, expect, it } from "vitest";
import { isValidLatitude, isValidLongitude } from "~/lib/geo";
import { findTown, NIGERIAN_TOWNS } from "./towns";

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
