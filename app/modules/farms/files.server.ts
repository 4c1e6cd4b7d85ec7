import type { TFunction } from "i18next";
import type { Plot } from "~/generated/prisma/client";
import { MAPPING_LIMITS } from "~/modules/farms/constants";
import { planImport, ringOf } from "~/modules/farms/import.server";
import type { ExportFeature } from "~/modules/farms/kml";
import { featureRing, polygonFeature } from "~/modules/farms/polygon";
import { writeIndexed } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import {
  boundaryData,
  farmDto,
  ownedFarm,
  plotDto,
  recordMappingUse,
  withPlotCount,
  type MappingGrant,
} from "./farms.server";
import type { PlotDto } from "./types";

// A farm as a file and back: the GeoJSON a farmer downloads, and a boundary file (KML, KMZ,
// GeoJSON) brought into a farm, planned in a worker thread (import-plan.server.ts) and saved in
// one transaction. The same owner-only and premium rules as every farm write (farms.server.ts).

/** A farm and its plots as one GeoJSON FeatureCollection (the farm's boundary first), for a file. */
export async function exportFarm(farmId: string, userId: string) {
  const farm = await ownedFarm(farmId, userId);
  const plots = await prisma.plot.findMany({
    where: { farmId: farm.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const features: ExportFeature[] = [];
  const boundary = featureRing(farm.boundary);
  const farmProperties = {
    kind: "farm",
    id: farm.id,
    name: farm.name,
    description: farm.description,
    crops: farm.crops.join(", "),
    areaHectares: farm.areaHectares,
    centerLat: farm.centerLat,
    centerLng: farm.centerLng,
  };
  features.push(
    boundary
      ? polygonFeature(boundary, farmProperties)
      : {
          type: "Feature",
          properties: farmProperties,
          geometry: { type: "Point", coordinates: [farm.centerLng, farm.centerLat] },
        },
  );
  for (const plot of plots) {
    const properties = {
      kind: "plot",
      id: plot.id,
      name: plot.name,
      type: plot.type,
      crops: plot.crops.join(", "),
      areaHectares: plot.areaHectares,
    };
    const ring = featureRing(plot.geometry);
    features.push(ring ? polygonFeature(ring, properties) : { type: "Feature", properties, geometry: null });
  }
  return { farm, collection: { type: "FeatureCollection", name: farm.name, features } };
}

export interface ImportRequest {
  bytes: Uint8Array;
  /** The file's largest good shape becomes the farm's boundary (replacing any it had). */
  useAsBoundary: boolean;
  /** Write what the plan says; without it the plan is only shown. */
  save: boolean;
}

/** Plots an import writes per statement (see importIntoFarm). */
const PLOTS_PER_STATEMENT = 10;

/**
 * A boundary file brought into the user's farm: the plan of what each shape becomes (the preview)
 * and, when saving, the boundary and plots written in one transaction. Saving writes what the
 * plan says, worked out from the file again: a plan with nothing to write is refused with 400.
 */
export async function importIntoFarm(farmId: string, grant: MappingGrant, request: ImportRequest, t: TFunction) {
  const farm = await ownedFarm(farmId, grant.user.id);
  const plotCount = await prisma.plot.count({ where: { farmId: farm.id } });
  const plan = await planImport(request.bytes, farm, { useAsBoundary: request.useAsBoundary, plotCount }, t);
  if (!request.save) return { plan, farm: null, plots: [] as PlotDto[] };
  const boundary = plan.shapes.find((shape) => shape.role === "boundary");
  const plots = plan.shapes.filter((shape) => shape.role === "plot");
  if (!boundary && plots.length === 0)
    throw new Refusal(400, "FARM_BOUNDARY_INVALID", "mapping.import.errors.nothingToSave");
  const written = await writeIndexed(
    "farm",
    async (tx) => {
      // The farm's row is held, so two imports at once cannot both pass the plot limit.
      await tx.$queryRaw`SELECT id FROM "Farm" WHERE id = ${farm.id} FOR UPDATE`;
      const count = await tx.plot.count({ where: { farmId: farm.id } });
      if (count + plots.length > MAPPING_LIMITS.plotsPerFarm)
        throw new Refusal(403, "AUTHZ_FEATURE_LIMIT_REACHED", "mapping.errors.tooManyPlots");
      await recordMappingUse(tx, grant);
      if (boundary)
        await tx.farm.update({
          where: { id: farm.id },
          data: boundaryData(
            { ring: ringOf(boundary), areaHectares: boundary.areaHectares!, centroid: boundary.centroid! },
            farm.name,
          ),
        });
      // A few plots a statement: the database client builds each statement on the event loop,
      // and one of 200 plots of 1,000 corners held it for a second.
      const created: Plot[] = [];
      for (let at = 0; at < plots.length; at += PLOTS_PER_STATEMENT) {
        const rows = await tx.plot.createManyAndReturn({
          data: plots.slice(at, at + PLOTS_PER_STATEMENT).map((plot) => ({
            farmId: farm.id,
            name: plot.name,
            type: "field" as const,
            crops: [],
            geometry: polygonFeature(ringOf(plot)),
            centroidLat: plot.centroid!.latitude,
            centroidLng: plot.centroid!.longitude,
            areaHectares: plot.areaHectares,
          })),
        });
        created.push(...rows);
      }
      const after = await tx.farm.findUniqueOrThrow({ where: { id: farm.id }, include: withPlotCount });
      return { farm: after, plots: created };
    },
    farm.id,
  );
  return {
    plan,
    farm: farmDto(written.farm),
    plots: written.plots.map(plotDto),
  };
}
