import { z } from "zod";

// The soil at a farm's centre from ISRIC SoilGrids (v2.0 REST): the request, the answer read with a
// schema and its own scale factors, the topsoil (0-15 cm, the two upper layers weighted by their
// depth), the texture class, and what each figure means for a farmer. Pure: fetching and caching
// are environment.server.ts's.

/** Decimals of the place sent: 0.001° is about 110 m, finer than SoilGrids' 250 m cells. */
export const SOIL_PLACE_DECIMALS = 3;

export const SOIL_PROPERTIES = ["phh2o", "soc", "nitrogen", "sand", "silt", "clay"] as const;
type SoilProperty = (typeof SOIL_PROPERTIES)[number];
const TOPSOIL_DEPTHS = [
  { label: "0-5cm", thickness: 5 },
  { label: "5-15cm", thickness: 10 },
] as const;

export function soilUrl(base: string, latitude: number, longitude: number) {
  const query = new URLSearchParams({
    lon: longitude.toFixed(SOIL_PLACE_DECIMALS),
    lat: latitude.toFixed(SOIL_PLACE_DECIMALS),
  });
  for (const property of SOIL_PROPERTIES) query.append("property", property);
  for (const depth of TOPSOIL_DEPTHS) query.append("depth", depth.label);
  query.append("value", "mean");
  return `${base}/soilgrids/v2.0/properties/query?${query}`;
}

const answerSchema = z.object({
  properties: z.object({
    layers: z
      .array(
        z.object({
          name: z.string(),
          unit_measure: z.object({ d_factor: z.number().positive().finite() }),
          depths: z
            .array(z.object({ label: z.string(), values: z.object({ mean: z.number().finite().nullable() }) }))
            .max(10),
        }),
      )
      .max(20),
  }),
});

export type TextureClass =
  | "sand"
  | "loamySand"
  | "sandyLoam"
  | "loam"
  | "siltLoam"
  | "silt"
  | "sandyClayLoam"
  | "clayLoam"
  | "siltyClayLoam"
  | "sandyClay"
  | "siltyClay"
  | "clay";

export interface Soil {
  ph: number;
  /** Organic carbon, grams per kilogram of soil. */
  organicCarbonGPerKg: number;
  /** Total nitrogen, grams per kilogram. */
  nitrogenGPerKg: number;
  sandPercent: number;
  siltPercent: number;
  clayPercent: number;
  texture: TextureClass;
}

/**
 * Reads a SoilGrids answer: the topsoil's figures, null when the place has no soil data (water,
 * rock, a town: SoilGrids answers nulls there); throws when the answer is not SoilGrids' shape.
 */
export function readSoil(answer: unknown): Soil | null {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) throw new Error(`not a SoilGrids answer: ${parsed.error.issues[0]?.message ?? "unknown"}`);
  const values = new Map<SoilProperty, number>();
  for (const property of SOIL_PROPERTIES) {
    const layer = parsed.data.properties.layers.find((each) => each.name === property);
    if (!layer) throw new Error(`the answer has no ${property} layer`);
    let weighted = 0;
    let thickness = 0;
    for (const depth of TOPSOIL_DEPTHS) {
      const mean = layer.depths.find((each) => each.label === depth.label)?.values.mean;
      if (mean === null || mean === undefined) continue;
      weighted += (mean / layer.unit_measure.d_factor) * depth.thickness;
      thickness += depth.thickness;
    }
    if (thickness === 0) return null;
    values.set(property, weighted / thickness);
  }
  // Divided by d_factor, SoilGrids' mapped units are its target units: pH, g/kg (carbon, nitrogen), % (sand, silt, clay).
  const sand = values.get("sand")!;
  const silt = values.get("silt")!;
  const clay = values.get("clay")!;
  const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  return {
    ph: round(values.get("phh2o")!, 1),
    organicCarbonGPerKg: round(values.get("soc")!, 1),
    nitrogenGPerKg: round(values.get("nitrogen")!, 2),
    sandPercent: Math.round(sand),
    siltPercent: Math.round(silt),
    clayPercent: Math.round(clay),
    texture: textureClass(sand, silt, clay),
  };
}

/** The USDA soil texture triangle: the class of a soil from its sand, silt and clay (percent). */
export function textureClass(sand: number, silt: number, clay: number): TextureClass {
  if (silt + 1.5 * clay < 15) return "sand";
  if (silt + 2 * clay < 30) return "loamySand";
  if (clay < 20 && sand > 52) return "sandyLoam";
  if (clay < 7 && silt < 50) return "sandyLoam";
  if (clay >= 7 && clay < 27 && silt >= 28 && silt < 50 && sand <= 52) return "loam";
  if (silt >= 80 && clay < 12) return "silt";
  if (silt >= 50 && clay < 27) return "siltLoam";
  if (clay >= 20 && clay < 35 && silt < 28 && sand > 45) return "sandyClayLoam";
  if (clay >= 27 && clay < 40 && sand > 20) return "clayLoam";
  if (clay >= 27 && clay < 40) return "siltyClayLoam";
  if (clay >= 35 && sand > 45) return "sandyClay";
  if (clay >= 40 && silt >= 40) return "siltyClay";
  if (clay >= 40) return "clay";
  // The few corners the lines above leave (clay 20-27 with little sand and silt under 28) are loams.
  return clay >= 27 ? "clayLoam" : "loam";
}

export type TextureGroup = "sandy" | "loamy" | "clayey";

export function textureGroup(texture: TextureClass): TextureGroup {
  if (texture === "sand" || texture === "loamySand" || texture === "sandyLoam") return "sandy";
  if (texture === "siltyClayLoam" || texture === "sandyClay" || texture === "siltyClay" || texture === "clay")
    return "clayey";
  return "loamy";
}

/** Below this pH a soil is acid enough to hold crops back (aluminium, phosphorus locked up): lime helps. */
export const ACID_PH = 5.5;
/** Above this, alkaline: iron and zinc are harder to take up. */
export const ALKALINE_PH = 7.3;
/** Organic carbon (g/kg) below which a tropical topsoil is poor in organic matter, and above which it is rich. */
export const LOW_CARBON = 10;
export const RICH_CARBON = 20;
/** Total nitrogen (g/kg) below which a topsoil is low (0.1%). */
export const LOW_NITROGEN = 1;

/** What each figure means for the farmer: a translation key's last part under mapping.soil.meaning. */
export function soilMeanings(soil: Soil) {
  return {
    ph: soil.ph < ACID_PH ? "acid" : soil.ph > ALKALINE_PH ? "alkaline" : "good",
    organicCarbon:
      soil.organicCarbonGPerKg < LOW_CARBON ? "low" : soil.organicCarbonGPerKg >= RICH_CARBON ? "rich" : "some",
    nitrogen: soil.nitrogenGPerKg < LOW_NITROGEN ? "low" : "enough",
    texture: textureGroup(soil.texture),
  } as const;
}
