import type { Limit } from "~/server/rate-limit.server";

// The farm-mapping constants of the specification (features.md section 9) and
// the limits of the shapes we store and of how often they are written: the
// page, the API and the tests read them here.

export const PLOT_TYPES = ["field", "pen", "pond", "storage", "other"] as const;
export type PlotType = (typeof PLOT_TYPES)[number];

/** Plot colours by type: field green, pen amber, pond blue, storage purple, other grey. */
export const PLOT_COLOURS: Record<PlotType, string> = {
  field: "#16a34a",
  pen: "#d97706",
  pond: "#2563eb",
  storage: "#9333ea",
  other: "#6b7280",
};
/** A farm's boundary on the map. */
export const BOUNDARY_COLOUR = "#dc2626";

export const MAP_DEFAULTS = {
  centre: { latitude: 6.5244, longitude: 3.3792 },
  zoom: 15,
  tileMaxZoom: 20,
  /** Zoom when the map flies to the farmer's position. */
  locateMaxZoom: 16,
} as const;

/** navigator.geolocation options for locating the farmer and walking a boundary. */
export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;
/**
 * Walking a boundary follows the phone as it moves: every fix is fresh (a
 * minute-old one would be a corner in the wrong place), and no time-out, since
 * a farmer may stand still at a corner for as long as they like.
 */
export const WALK_GEOLOCATION_OPTIONS = { enableHighAccuracy: true, maximumAge: 0 } as const;

export const MAPPING_LIMITS = {
  /** Corners of one boundary or plot (a walked boundary records one every few metres). */
  maxVertices: 1000,
  /** The share of a drawn plot that must lie inside its farm's boundary, when the farm has one. */
  plotInsideShare: 0.9,
  farmsPerUser: 100,
  plotsPerFarm: 300,
  farmNameMaxLength: 99,
  cropsPerEntry: 30,
  cropNameMaxLength: 60,
  plotNameMaxLength: 120,
  descriptionMaxLength: 2000,
  /** Walking a boundary: a new GPS position closer than this to the last kept one is dropped. */
  walkMinStepMetres: 3,
  /** Walking a boundary: a position less accurate than this is shown but not kept. */
  walkMaxAccuracyMetres: 30,
  /** A farm card shows this many crops, then '+N more'; a plot row shows two. */
  farmCardCrops: 3,
  plotRowCrops: 2,
} as const;

/** Drawing and walking make a few writes a minute; a script making hundreds is stopped. */
export const FARM_WRITE_LIMIT: Limit = { name: "farm-write", max: 300, windowSeconds: 10 * 60 };

/** The body cap of the farm and plot routes: a walked boundary of 1,000 corners fits with room. */
export const MAPPING_JSON_BYTES = 256 * 1024;

export { MAP_TABS, TAB_SOURCE, type MapTiles, type TileSources } from "~/lib/map-tiles";

/** The environment panel's fixed sample values (no live source is connected). */
export const ENVIRONMENT_SAMPLE = { temperatureC: 28, humidityPercent: 75, rainfallMm: 142, windKmh: 12 } as const;
