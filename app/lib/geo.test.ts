import { describe, expect, it } from "vitest";
import { decodeGeohash, distanceKm, encodeGeohash, ringAreaHectares, ringCentre } from "./geo";

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

describe("rings", () => {
  // A square of 0.01 degrees at the equator is about 1.1132 km a side: 123.9 ha.
  const square: [number, number][] = [
    [0, 0],
    [0.01, 0],
    [0.01, 0.01],
    [0, 0.01],
    [0, 0],
  ];

  it("measures area in hectares, whatever the winding", () => {
    expect(ringAreaHectares(square)).toBeCloseTo(123.9, 0);
    expect(ringAreaHectares([...square].reverse())).toBeCloseTo(123.9, 0);
    expect(ringAreaHectares(square.slice(0, 3))).toBe(0);
  });

  it("finds the centre of the bounding box", () => {
    expect(ringCentre(square)).toEqual({ latitude: 0.005, longitude: 0.005 });
  });
});
