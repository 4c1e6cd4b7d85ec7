import { describe, expect, it } from "vitest";
import { decodeGeohash, distanceKm, encodeGeohash } from "./geo";

describe("geohash", () => {
  it("encodes known points", () => {
    // Reference values from the geohash definition.
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe("u4pruydqqvj");
    expect(encodeGeohash(42.605, -5.603, 5)).toBe("ezs42");
  });

  it("decodes back to within the cell", () => {
    const hash = encodeGeohash(9.0765, 7.3986, 9);
    const cell = decodeGeohash(hash);
    expect(Math.abs(cell.latitude - 9.0765)).toBeLessThanOrEqual(cell.latitudeError);
    expect(Math.abs(cell.longitude - 7.3986)).toBeLessThanOrEqual(cell.longitudeError);
  });

  it("refuses coordinates out of range and bad characters", () => {
    expect(() => encodeGeohash(91, 0)).toThrow(RangeError);
    expect(() => encodeGeohash(0, -180.5)).toThrow(RangeError);
    expect(() => encodeGeohash(Number.NaN, 0)).toThrow(RangeError);
    expect(() => decodeGeohash("abc")).toThrow(RangeError); // 'a' is not in the alphabet
  });
});

describe("distanceKm", () => {
  it("measures Lagos to Abuja at about 525 km", () => {
    const km = distanceKm({ latitude: 6.5244, longitude: 3.3792 }, { latitude: 9.0765, longitude: 7.3986 });
    expect(km).toBeGreaterThan(515);
    expect(km).toBeLessThan(535);
  });

  it("is zero for the same point", () => {
    expect(distanceKm({ latitude: 7, longitude: 5 }, { latitude: 7, longitude: 5 })).toBe(0);
  });
});
