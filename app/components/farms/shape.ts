import type { LngLat } from "~/lib/geo";
import { checkPolygonFeature, polygonFeature } from "~/modules/farms/polygon";
import { MAPPING_LIMITS } from "~/modules/farms/constants";

/** The checks the browser can make before sending a shape (the server makes them all again, with the area limit). */
const CLIENT_LIMITS = {
  maxVertices: MAPPING_LIMITS.maxVertices,
  maxAreaHectares: Number.POSITIVE_INFINITY,
};

/** A drawn or walked ring, checked as the server will check it (but for the area limit), and measured. */
export const checkRing = (ring: LngLat[]) => checkPolygonFeature(polygonFeature(ring), CLIENT_LIMITS);

/** A checked ring as the action takes it: a GeoJSON feature, as text. */
export const ringFeature = (ring: LngLat[]) => JSON.stringify(polygonFeature(ring));
