import type { LngLat } from "~/lib/geo";

/** A closed rectangle of [lng, lat] corners, about 111 m per 0.001°: a field or a farm for the tests. */
export function rectangle(west: number, south: number, east: number, north: number): LngLat[] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}
