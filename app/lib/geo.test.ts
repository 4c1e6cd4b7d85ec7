import { describe, expect, it } from "vitest";
import { decodeGeohash, distanceKm, encodeGeohash, sharedCoordinate, sharedDistanceKm, sharedGeohash } from "./geo";

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

describe("a place as others see it", () => {
  it("rounds coordinates to 0.01 degree, about a kilometre", () => {
    expect(sharedCoordinate(7.377512)).toBe(7.38);
    expect(sharedCoordinate(3.944999)).toBe(3.94);
    expect(sharedCoordinate(-0.004)).toBe(0);
    expect(Object.is(sharedCoordinate(-0.004), -0)).toBe(false);
    expect(sharedCoordinate(-12.3456)).toBe(-12.35);
    // Never more than half a grid step from the truth, and never the truth's own digits.
    const exact = { latitude: 9.076543, longitude: 7.398765 };
    const shared = { latitude: sharedCoordinate(exact.latitude), longitude: sharedCoordinate(exact.longitude) };
    expect(distanceKm(exact, shared)).toBeLessThan(0.8);
    expect(String(shared.latitude)).toBe("9.08");
  });

  it("gives the geohash of the rounded point, to 6 characters, so it tells no more than the coordinates", () => {
    const hash = sharedGeohash(9.076543, 7.398765);
    expect(hash).toHaveLength(6);
    expect(hash).toBe(encodeGeohash(9.08, 7.4, 6));
    // Two points in the same 0.01 degree square share it, however far apart within it.
    expect(sharedGeohash(9.0751, 7.3951)).toBe(sharedGeohash(9.0849, 7.4049));
    const cell = decodeGeohash(hash);
    expect(cell.latitudeError * 2 * 111).toBeGreaterThan(0.5);
  });

  it("gives distances in whole kilometres", () => {
    expect(sharedDistanceKm(12.46)).toBe(12);
    expect(sharedDistanceKm(0.3)).toBe(0);
    expect(sharedDistanceKm(111.5)).toBe(112);
  });
});
