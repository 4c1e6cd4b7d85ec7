import type { PlotType } from "~/modules/farms/constants";
import type { polygonFeature } from "~/modules/farms/polygon";

// What the farms API and the mapping page carry of a farm and a plot.

export type PolygonFeature = ReturnType<typeof polygonFeature>;

export interface FarmDto {
  id: string;
  name: string;
  description: string | null;
  crops: string[];
  centerLat: number;
  centerLng: number;
  boundary: PolygonFeature | null;
  areaHectares: number | null;
  ownerId: string;
  geohash: string;
  plotCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface PlotDto {
  id: string;
  farmId: string;
  name: string;
  type: PlotType;
  geometry: PolygonFeature | null;
  centroidLat: number | null;
  centroidLng: number | null;
  areaHectares: number | null;
  crops: string[];
  createdAt: string;
  updatedAt: string;
}
