// Geographic helpers shared by the browser and the server.

const BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

export function isValidLatitude(value: number) {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: number) {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Standard geohash of a point; precision 9 is a cell of about 5 m. */
export function encodeGeohash(latitude: number, longitude: number, precision = 9): string {
  if (!isValidLatitude(latitude) || !isValidLongitude(longitude)) {
    throw new RangeError(`invalid coordinates ${latitude},${longitude}`);
  }
  const latRange: [number, number] = [-90, 90];
  const lngRange: [number, number] = [-180, 180];
  let hash = "";
  let bits = 0;
  let bitCount = 0;
  let evenBit = true; // even bits encode longitude
  while (hash.length < precision) {
    const range = evenBit ? lngRange : latRange;
    const value = evenBit ? longitude : latitude;
    const mid = (range[0] + range[1]) / 2;
    bits <<= 1;
    if (value >= mid) {
      bits |= 1;
      range[0] = mid;
    } else {
      range[1] = mid;
    }
    evenBit = !evenBit;
    bitCount += 1;
    if (bitCount === 5) {
      hash += BASE32[bits];
      bits = 0;
      bitCount = 0;
    }
  }
  return hash;
}

/** The centre and half-size of a geohash cell. */
export function decodeGeohash(hash: string) {
  const latRange: [number, number] = [-90, 90];
  const lngRange: [number, number] = [-180, 180];
  let evenBit = true;
  for (const char of hash.toLowerCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new RangeError(`invalid geohash character '${char}'`);
    for (let bit = 4; bit >= 0; bit -= 1) {
      const on = (index >> bit) & 1;
      const range = evenBit ? lngRange : latRange;
      const mid = (range[0] + range[1]) / 2;
      if (on) range[0] = mid;
      else range[1] = mid;
      evenBit = !evenBit;
    }
  }
  return {
    latitude: (latRange[0] + latRange[1]) / 2,
    longitude: (lngRange[0] + lngRange[1]) / 2,
    latitudeError: (latRange[1] - latRange[0]) / 2,
    longitudeError: (lngRange[1] - lngRange[0]) / 2,
  };
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type LngLat = [number, number];

/**
 * What anyone but its owner is told of a place: about a kilometre. Coordinates to 0.01° (1.1 km
 * north to south, a little less east to west in Nigeria), a geohash of that rounded point to 6
 * characters (a cell of 1.2 by 0.6 km) and distances in whole kilometres. The geohash is made
 * from the rounded point, not the exact one, so two answers put together tell no more than one.
 */
export const SHARED_PLACE = { coordinateDecimals: 2, geohashLength: 6 } as const;

const SHARED_SCALE = 10 ** SHARED_PLACE.coordinateDecimals;

/** A latitude or longitude as others see it: on the 0.01° grid. */
export function sharedCoordinate(value: number) {
  // (+ 0 turns a -0 into 0.)
  return Math.round(value * SHARED_SCALE) / SHARED_SCALE + 0;
}

/** A place's geohash as others see it: the rounded point's, to 6 characters. */
export function sharedGeohash(latitude: number, longitude: number) {
  return encodeGeohash(sharedCoordinate(latitude), sharedCoordinate(longitude), SHARED_PLACE.geohashLength);
}

/** A distance as others see it: whole kilometres. */
export function sharedDistanceKm(km: number) {
  return Math.round(km);
}
