import { intentGuard } from "~/lib/page-reply";
import { z } from "~/lib/zod";
import { fieldCoordinate } from "~/lib/query-params";
import { MAPPING_LIMITS, PLOT_TYPES } from "~/modules/farms/constants";
import { optionalText, text } from "~/lib/text";

// What the farm and plot calls accept, shared by the page's dialogs and the API.
// Messages are translation keys (app/locales/*.json, under "mapping"). Shapes
// (boundary, geometry) are checked by the farms module with app/modules/farms/polygon.ts,
// which measures them too: whatever area or centre a client claims is ignored.

export const farmName = text({
  min: 1,
  max: MAPPING_LIMITS.farmNameMaxLength,
  required: "mapping.errors.nameRequired",
  tooLong: "mapping.errors.farmNameTooLong",
}).overwrite((value) => value.replace(/\s+/gu, " "));

const plotName = text({
  min: 1,
  max: MAPPING_LIMITS.plotNameMaxLength,
  required: "mapping.errors.nameRequired",
  tooLong: "mapping.errors.plotNameTooLong",
}).overwrite((value) => value.replace(/\s+/gu, " "));

const description = optionalText(
  text({ max: MAPPING_LIMITS.descriptionMaxLength, tooLong: "mapping.errors.descriptionTooLong" }),
);

const cropName = text({
  min: 1,
  max: MAPPING_LIMITS.cropNameMaxLength,
  required: "mapping.errors.cropName",
  tooLong: "mapping.errors.cropName",
});

/** Crops as a list, or as the dialog's comma-separated text; the same crop once, in the order given. */
export const crops = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter((part) => part.trim() !== "") : value),
    z
      .array(cropName, { error: "mapping.errors.crops" })
      .max(MAPPING_LIMITS.cropsPerEntry, "mapping.errors.tooManyCrops"),
  )
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((crop) => {
      const key = crop.toLocaleLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A shape as sent: checked by the module (null clears it where that is allowed). */
const shape = z.unknown().optional();

/** A centre is both coordinates or neither. */
const wholeCentre = (farm: { centerLat?: number; centerLng?: number }) =>
  (farm.centerLat === undefined) === (farm.centerLng === undefined);
const centreMessage = { message: "mapping.errors.coordinates", path: ["centerLat"] };

/** A new farm's fields, in the page's dialog and the API alike. */
const farmFields = {
  name: farmName,
  description,
  crops: crops.default([]),
  /** Where the farm is before it has a boundary (the page sends the map's centre). */
  centerLat: fieldCoordinate("latitude", "mapping.errors.coordinates"),
  centerLng: fieldCoordinate("longitude", "mapping.errors.coordinates"),
};

export const farmCreateSchema = z.object({ ...farmFields, boundary: shape }).refine(wholeCentre, centreMessage);
export type FarmCreateInput = z.infer<typeof farmCreateSchema>;

/** PATCH: any of the fields; a boundary of null removes it. A centre moves a farm that has no boundary (one with a boundary is where its boundary is). */
export const farmUpdateSchema = z
  .object({
    name: farmName.optional(),
    description,
    crops: crops.optional(),
    centerLat: fieldCoordinate("latitude", "mapping.errors.coordinates"),
    centerLng: fieldCoordinate("longitude", "mapping.errors.coordinates"),
    boundary: shape,
  })
  .refine(wholeCentre, centreMessage);
export type FarmUpdateInput = z.infer<typeof farmUpdateSchema>;

/**
 * The page's Create Farm and Edit Farm dialog: a name, and a description and
 * crops that may be left empty (shapes are drawn, not typed). A new farm also
 * carries the map's centre, in hidden fields; an edit does not move the farm.
 */
export const farmFormSchema = z.object(farmFields).refine(wholeCentre, centreMessage);

const plotType = z.enum(PLOT_TYPES, { error: "mapping.errors.plotType" });

/** The page's Add Plot and Edit Plot dialog: name, type and crops (a plot's shape is drawn on the map). */
export const plotFormSchema = z.object({
  name: plotName,
  type: plotType.default("field"),
  crops: crops.default([]),
});

/**
 * POST a plot: from the dialog (name, type, crops) or drawn (with geometry).
 * A drawn plot's centroidLat/centroidLng and the body's farmId are not read:
 * the centroid is computed from the geometry and the farm is the address's.
 */
export const plotCreateSchema = plotFormSchema.extend({
  geometry: shape,
  // Checked as what they claim to be, then not used.
  farmId: optionalText(text({ max: 100 })),
  centroidLat: fieldCoordinate("latitude", "mapping.errors.coordinates"),
  centroidLng: fieldCoordinate("longitude", "mapping.errors.coordinates"),
});
export type PlotCreateInput = z.infer<typeof plotCreateSchema>;

/** PATCH a plot: the plot object (what it does not change may be left out; a geometry of null removes it). */
export const plotUpdateSchema = z.object({
  name: plotName.optional(),
  type: plotType.optional(),
  crops: crops.optional(),
  geometry: shape,
  farmId: optionalText(text({ max: 100 })),
  centroidLat: fieldCoordinate("latitude", "mapping.errors.coordinates"),
  centroidLng: fieldCoordinate("longitude", "mapping.errors.coordinates"),
});
export type PlotUpdateInput = z.infer<typeof plotUpdateSchema>;

/** The catalogue code of a plot validation problem. */
export function plotIssueCode(issue: { path: PropertyKey[]; code?: string }) {
  const field = String(issue.path[0] ?? "");
  if (field === "crops") return "VLD_INVALID_CROP_TYPE";
  if (["centerLat", "centerLng", "centroidLat", "centroidLng"].includes(field)) return "VLD_INVALID_GPS_COORDS";
  return "VLD_REQUIRED_FIELD";
}

/** The catalogue code of a farm validation problem (a name too long has its own). */
export function farmIssueCode(issue: { path: PropertyKey[]; code?: string }) {
  if (String(issue.path[0] ?? "") === "name" && issue.code === "too_big") return "VLD_FARM_NAME_TOO_LONG";
  return plotIssueCode(issue);
}

/** What the farm-mapping page's forms, dialogs and map ask of its action (`intent`). */
export const MAPPING_INTENTS = [
  "select",
  "createFarm",
  "updateFarm",
  "deleteFarm",
  "boundary",
  "createPlot",
  "drawnPlot",
  "updatePlot",
  "deletePlot",
] as const;
export type MappingIntent = (typeof MAPPING_INTENTS)[number];
export const isMappingIntent = intentGuard(MAPPING_INTENTS);

/** What a mapping intent hands back: the farm it was about (a new farm's id, to select it). */
export interface MappingReplyData {
  farmId: string;
  /** A drawn plot, as saved: the page offers to rename it at once. */
  plot?: { id: string; name: string; type: string; crops: string[] };
}

/** The import's form fields: what the file's shapes become and whether to write them. */
export const importFieldsSchema = z.object({
  use: z.enum(["plots", "boundary"], { error: "mapping.import.errors.use" }).default("plots"),
  mode: z.enum(["preview", "save"], { error: "mapping.import.errors.mode" }).default("preview"),
});
