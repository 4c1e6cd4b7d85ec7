import { getEnv } from "~/env.server";
import { Prisma, type Farm, type Plot } from "~/generated/prisma/client";
import { encodeGeohash, type LngLat } from "~/lib/geo";
import { perUser, type FeatureGrant, type GateOptions } from "~/modules/auth/gates.server";
import { FARM_WRITE_LIMIT, MAP_DEFAULTS, MAPPING_LIMITS } from "~/modules/farms/constants";
import { checkPolygonFeature, featureRing, polygonFeature, shareInside } from "~/modules/farms/polygon";
import { forgetFarmEnvironment } from "~/modules/environment/environment.server";
import { isRecordId } from "~/lib/text";
import { recordFeatureUseIn } from "~/modules/premium/premium.server";
import { writeIndexed } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import type { FarmCreateInput, FarmUpdateInput, PlotCreateInput, PlotUpdateInput } from "./schemas";
import type { FarmDto, PlotDto } from "./types";

export type { FarmDto, PlotDto } from "./types";

// Farms and their plots. A farm, its plots and its location are seen and
// changed only by its owner. Every shape is checked and measured here (area,
// centre, geohash, centroid); what a client says about them is not read.
// Premium access is the routes' business: every write's gate is
// `requireFeature(request, "farm_mapping", FARM_WRITES)`, before its body is read,
// and every write takes that gate's grant.

/** Who may write a farm or plot, and how often: farm-mapping access, within the write limit. */
export const FARM_WRITES: GateOptions = { limits: perUser(FARM_WRITE_LIMIT) };

export type MappingGrant = FeatureGrant<"farm_mapping">;

/**
 * Every farm or plot write is a use of farm mapping, recorded in the write's own
 * transaction (a refused write spends nothing): through the API as on the page,
 * where selecting a farm records one. For a trial account the first is the
 * trial's one use, which keeps farm mapping open for the trial's day.
 */
export function recordMappingUse(tx: Prisma.TransactionClient, grant: MappingGrant) {
  return recordFeatureUseIn(tx, grant.user.id, "farm_mapping", new Date(), grant.grantedAt);
}

/** A stored shape as the API shows it: a fresh Feature built from its ring (nothing else of what was sent). */
function storedShape(value: Prisma.JsonValue | null, properties: Record<string, string>) {
  const ring = featureRing(value);
  return ring ? polygonFeature(ring, properties) : null;
}

export function farmDto(farm: Farm & { _count?: { plots: number } }): FarmDto {
  return {
    id: farm.id,
    name: farm.name,
    description: farm.description,
    crops: farm.crops,
    centerLat: farm.centerLat,
    centerLng: farm.centerLng,
    boundary: storedShape(farm.boundary, { name: farm.name }),
    areaHectares: farm.areaHectares,
    ownerId: farm.ownerId,
    geohash: farm.geohash,
    plotCount: farm._count?.plots ?? 0,
    createdAt: farm.createdAt.toISOString(),
    updatedAt: farm.updatedAt.toISOString(),
  };
}

export function plotDto(plot: Plot): PlotDto {
  return {
    id: plot.id,
    farmId: plot.farmId,
    name: plot.name,
    type: plot.type,
    geometry: storedShape(plot.geometry, { name: plot.name, type: plot.type }),
    centroidLat: plot.centroidLat,
    centroidLng: plot.centroidLng,
    areaHectares: plot.areaHectares,
    crops: plot.crops,
    createdAt: plot.createdAt.toISOString(),
    updatedAt: plot.updatedAt.toISOString(),
  };
}

export const withPlotCount = { _count: { select: { plots: true } } } as const;

/**
 * A shape sent for a boundary or plot, checked and measured; 400
 * FARM_BOUNDARY_INVALID (with why) or FARM_AREA_TOO_LARGE, on the given field.
 */
export function measureShape(value: unknown, field: "boundary" | "geometry") {
  const check = checkPolygonFeature(value, {
    maxVertices: MAPPING_LIMITS.maxVertices,
    maxAreaHectares: getEnv().FARM_MAX_AREA_HECTARES,
  });
  if (!check.ok) {
    const key = `mapping.geometry.${check.problem}`;
    throw new Refusal(400, check.problem === "tooLarge" ? "FARM_AREA_TOO_LARGE" : "FARM_BOUNDARY_INVALID", key, {
      [field]: [key],
    });
  }
  return check;
}

/** The farm, if the user owns it: 404 DB_RECORD_NOT_FOUND when there is none, 403 AUTHZ_FARM_ACCESS_DENIED when it is someone else's. */
export async function ownedFarm(id: string, userId: string) {
  // An id that cannot be one names no farm; it never reaches the database.
  if (!isRecordId(id)) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "mapping.errors.farmNotFound");
  const farm = await prisma.farm.findUnique({ where: { id } });
  if (!farm) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "mapping.errors.farmNotFound");
  // Nothing of the farm (name, owner, place) goes into the refusal.
  if (farm.ownerId !== userId) throw new Refusal(403, "AUTHZ_FARM_ACCESS_DENIED", "mapping.errors.farmAccessDenied");
  return farm;
}

export async function listFarms(userId: string): Promise<FarmDto[]> {
  const farms = await prisma.farm.findMany({
    where: { ownerId: userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: withPlotCount,
  });
  return farms.map(farmDto);
}

export async function getFarm(id: string, userId: string): Promise<FarmDto> {
  const farm = await ownedFarm(id, userId);
  const plotCount = await prisma.plot.count({ where: { farmId: farm.id } });
  return farmDto({ ...farm, _count: { plots: plotCount } });
}

/** Where a boundary puts the farm: its measured centre, geohash and area. */
export function boundaryData(
  check: { ring: LngLat[]; areaHectares: number; centroid: { latitude: number; longitude: number } },
  name: string,
) {
  return {
    boundary: polygonFeature(check.ring, { name }),
    areaHectares: check.areaHectares,
    centerLat: check.centroid.latitude,
    centerLng: check.centroid.longitude,
    geohash: encodeGeohash(check.centroid.latitude, check.centroid.longitude),
  };
}

export async function createFarm(grant: MappingGrant, input: FarmCreateInput): Promise<FarmDto> {
  const userId = grant.user.id;
  const shape =
    input.boundary === undefined || input.boundary === null ? null : measureShape(input.boundary, "boundary");
  const latitude = input.centerLat ?? MAP_DEFAULTS.centre.latitude;
  const longitude = input.centerLng ?? MAP_DEFAULTS.centre.longitude;
  const farm = await writeIndexed(
    "farm",
    async (tx) => {
      const owned = await tx.farm.count({ where: { ownerId: userId } });
      if (owned >= MAPPING_LIMITS.farmsPerUser) {
        throw new Refusal(403, "AUTHZ_FEATURE_LIMIT_REACHED", "mapping.errors.tooManyFarms");
      }
      await recordMappingUse(tx, grant);
      return tx.farm.create({
        data: {
          ownerId: userId,
          name: input.name,
          description: input.description ?? null,
          crops: input.crops,
          centerLat: latitude,
          centerLng: longitude,
          geohash: encodeGeohash(latitude, longitude),
          ...(shape ? boundaryData(shape, input.name) : {}),
        },
        include: withPlotCount,
      });
    },
    (created) => created.id,
  );
  return farmDto(farm);
}

export async function updateFarm(id: string, grant: MappingGrant, input: FarmUpdateInput): Promise<FarmDto> {
  const current = await ownedFarm(id, grant.user.id);
  const name = input.name ?? current.name;
  const data: Prisma.FarmUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description ?? null;
  if (input.crops !== undefined) data.crops = input.crops;
  if (input.boundary === null) {
    // The boundary goes; the farm stays where it was.
    data.boundary = Prisma.DbNull;
    data.areaHectares = null;
  } else if (input.boundary !== undefined) {
    Object.assign(data, boundaryData(measureShape(input.boundary, "boundary"), name));
  } else if (input.name !== undefined && current.boundary) {
    const ring = featureRing(current.boundary);
    if (ring) data.boundary = polygonFeature(ring, { name });
  }
  const hasBoundary = input.boundary === undefined ? current.boundary !== null : input.boundary !== null;
  if (!hasBoundary && input.centerLat !== undefined && input.centerLng !== undefined) {
    data.centerLat = input.centerLat;
    data.centerLng = input.centerLng;
    data.geohash = encodeGeohash(input.centerLat, input.centerLng);
  }
  const farm = await writeIndexed(
    "farm",
    async (tx) => {
      await recordMappingUse(tx, grant);
      return tx.farm.update({ where: { id: current.id }, data, include: withPlotCount });
    },
    current.id,
  );
  return farmDto(farm);
}

export async function deleteFarm(id: string, grant: MappingGrant) {
  const farm = await ownedFarm(id, grant.user.id);
  // Its plots go with it (the relation cascades).
  await writeIndexed(
    "farm",
    async (tx) => {
      await recordMappingUse(tx, grant);
      return tx.farm.delete({ where: { id: farm.id } });
    },
    farm.id,
    "delete",
  );
  // Its weather and soil would expire on their own; they go now (a Redis away does not undo the delete).
  await forgetFarmEnvironment(farm.id).catch(() => {});
}

export async function listPlots(farmId: string, userId: string): Promise<PlotDto[]> {
  const farm = await ownedFarm(farmId, userId);
  const plots = await prisma.plot.findMany({
    where: { farmId: farm.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return plots.map(plotDto);
}

/** A plot's measured shape, refused when it lies mostly outside its farm's boundary. */
function plotShape(geometry: unknown, farm: Farm) {
  const check = measureShape(geometry, "geometry");
  const farmRing = featureRing(farm.boundary);
  if (farmRing && shareInside(check.ring, farmRing) < MAPPING_LIMITS.plotInsideShare) {
    throw new Refusal(400, "FARM_BOUNDARY_INVALID", "mapping.geometry.outsideFarm", {
      geometry: ["mapping.geometry.outsideFarm"],
    });
  }
  return {
    geometry: polygonFeature(check.ring),
    centroidLat: check.centroid.latitude,
    centroidLng: check.centroid.longitude,
    areaHectares: check.areaHectares,
  };
}

export async function createPlot(farmId: string, grant: MappingGrant, input: PlotCreateInput): Promise<PlotDto> {
  const farm = await ownedFarm(farmId, grant.user.id);
  const shape = input.geometry === undefined || input.geometry === null ? null : plotShape(input.geometry, farm);
  const plot = await prisma.$transaction(async (tx) => {
    const count = await tx.plot.count({ where: { farmId: farm.id } });
    if (count >= MAPPING_LIMITS.plotsPerFarm)
      throw new Refusal(403, "AUTHZ_FEATURE_LIMIT_REACHED", "mapping.errors.tooManyPlots");
    await recordMappingUse(tx, grant);
    return tx.plot.create({
      data: { farmId: farm.id, name: input.name, type: input.type, crops: input.crops, ...(shape ?? {}) },
    });
  });
  return plotDto(plot);
}

/** The plot, if it belongs to this farm: 404 otherwise (the farm's owner has been checked). */
async function farmPlot(farm: Farm, plotId: string) {
  if (!isRecordId(plotId)) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "mapping.errors.plotNotFound");
  const plot = await prisma.plot.findFirst({ where: { id: plotId, farmId: farm.id } });
  if (!plot) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "mapping.errors.plotNotFound");
  return plot;
}

const sameRing = (a: LngLat[] | null, b: LngLat[] | null) => JSON.stringify(a) === JSON.stringify(b);

export async function updatePlot(
  farmId: string,
  plotId: string,
  grant: MappingGrant,
  input: PlotUpdateInput,
): Promise<PlotDto> {
  const farm = await ownedFarm(farmId, grant.user.id);
  const current = await farmPlot(farm, plotId);
  const data: Prisma.PlotUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.type !== undefined) data.type = input.type;
  if (input.crops !== undefined) data.crops = input.crops;
  if (input.geometry === null) {
    data.geometry = Prisma.DbNull;
    data.centroidLat = null;
    data.centroidLng = null;
    data.areaHectares = null;
  } else if (input.geometry !== undefined && !sameRing(featureRing(input.geometry), featureRing(current.geometry))) {
    // Only a changed shape is checked against the farm again: renaming a plot never fails on its shape.
    Object.assign(data, plotShape(input.geometry, farm));
  }
  const plot = await prisma.$transaction(async (tx) => {
    await recordMappingUse(tx, grant);
    return tx.plot.update({ where: { id: current.id }, data });
  });
  return plotDto(plot);
}

export async function deletePlot(farmId: string, plotId: string, grant: MappingGrant) {
  const farm = await ownedFarm(farmId, grant.user.id);
  const plot = await farmPlot(farm, plotId);
  await prisma.$transaction(async (tx) => {
    await recordMappingUse(tx, grant);
    await tx.plot.delete({ where: { id: plot.id } });
  });
}
