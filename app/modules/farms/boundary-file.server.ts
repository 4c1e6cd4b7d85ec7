import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import type { Geometry } from "geojson";
import { isValidLatitude, isValidLongitude, type LngLat } from "~/lib/geo";
import { Refusal } from "~/server/refusal";

// Boundaries people already have, read from the files other tools write: KML (Google Earth, GPS
// devices, other farm apps), KMZ (a KML zipped, as Google Earth saves it) and GeoJSON. What comes
// out is each polygon's outer ring (longitude, latitude; heights dropped) with the name its
// placemark or feature had; points and lines are counted and left out. Whether a shape is a
// good boundary or plot (no crossing edges, within the area limits, inside the farm) is for the
// same checks a drawn shape passes (polygon.ts): this only reads.

/** A file larger than this is refused before it is read (a farm's map is kilobytes). */
export const BOUNDARY_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** What a KMZ's KML may unpack to: a small zip must not unpack into gigabytes. */
export const BOUNDARY_KML_MAX_BYTES = 20 * 1024 * 1024;
/** Shapes one file may bring (a farm and its plots). */
export const BOUNDARY_FILE_MAX_SHAPES = 200;
/** Points in one ring: more is a survey trace, not a field edge. */
export const BOUNDARY_RING_MAX_POINTS = 5_000;

export type BoundaryFileFormat = "geojson" | "kml" | "kmz";

export interface ImportedShape {
  name: string | null;
  ring: LngLat[];
}

export interface BoundaryFile {
  format: BoundaryFileFormat;
  shapes: ImportedShape[];
  /** Points and lines the file also held, left out. */
  skipped: number;
}

const unreadable = () => new Refusal(400, "FILE_CORRUPTED", "mapping.import.errors.unreadable");
const tooLarge = () => new Refusal(413, "FILE_TOO_LARGE", "mapping.import.errors.tooLarge");

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Reads a boundary file; 400 FILE_CORRUPTED when it is none of the three, 413 past the caps, 400 without a polygon. */
export function readBoundaryFile(bytes: Uint8Array): BoundaryFile {
  if (bytes.length === 0) throw unreadable();
  if (bytes.length > BOUNDARY_FILE_MAX_BYTES) throw tooLarge();
  let format: BoundaryFileFormat;
  let geometries: { name: string | null; geometry: Geometry | null }[];
  if (isZip(bytes)) {
    format = "kmz";
    geometries = fromKml(kmlOfKmz(bytes));
  } else {
    const text = decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimStart();
    if (text.startsWith("{")) {
      format = "geojson";
      geometries = fromGeoJson(text);
    } else if (text.startsWith("<")) {
      format = "kml";
      geometries = fromKml(text);
    } else throw unreadable();
  }
  const shapes: ImportedShape[] = [];
  let skipped = 0;
  for (const { name, geometry } of geometries) {
    const polygons =
      geometry?.type === "Polygon"
        ? [geometry.coordinates]
        : geometry?.type === "MultiPolygon"
          ? geometry.coordinates
          : null;
    if (!polygons) {
      skipped += 1;
      continue;
    }
    polygons.forEach((polygon, index) => {
      const ring = outerRing(polygon[0]);
      if (!ring) {
        skipped += 1;
        return;
      }
      shapes.push({ name: name && polygons.length > 1 ? `${name} ${index + 1}` : name, ring });
    });
    if (shapes.length > BOUNDARY_FILE_MAX_SHAPES)
      throw new Refusal(400, "VLD_REQUIRED_FIELD", "mapping.import.errors.tooMany", undefined, undefined, {
        max: BOUNDARY_FILE_MAX_SHAPES,
      });
  }
  if (shapes.length === 0) throw new Refusal(400, "VLD_REQUIRED_FIELD", "mapping.import.errors.noShapes");
  return { format, shapes, skipped };
}

function decode(bytes: Uint8Array) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable();
  }
}

/** The KML inside a KMZ: doc.kml as Google Earth names it, else the first .kml; its size checked before it is unpacked. */
function kmlOfKmz(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.kml$/i.test(file.name)) return false;
        if (file.originalSize > BOUNDARY_KML_MAX_BYTES) throw tooLarge();
        return true;
      },
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw unreadable();
  }
  const names = Object.keys(files);
  const chosen = names.find((name) => name.toLowerCase() === "doc.kml") ?? names.sort()[0];
  if (!chosen) throw unreadable();
  const kml = files[chosen]!;
  // The header may say less than it holds: what was unpacked is what counts.
  if (kml.length > BOUNDARY_KML_MAX_BYTES) throw tooLarge();
  return decode(kml);
}

function fromKml(text: string) {
  let document;
  try {
    const problems: string[] = [];
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") problems.push(message);
      },
    }).parseFromString(text, "text/xml");
    if (problems.length > 0 || !document.documentElement) throw new Error(problems.join("; "));
  } catch {
    throw unreadable();
  }
  const collection = kmlToGeoJson(document);
  return collection.features.map((feature) => ({
    name: nameOf(feature.properties),
    geometry: feature.geometry,
  }));
}

function fromGeoJson(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unreadable();
  }
  if (!isRecord(value)) throw unreadable();
  if (value.type === "FeatureCollection" && Array.isArray(value.features))
    return value.features.filter(isRecord).map((feature) => ({
      name: nameOf(feature.properties),
      geometry: isRecord(feature.geometry) ? (feature.geometry as unknown as Geometry) : null,
    }));
  if (value.type === "Feature")
    return [
      {
        name: nameOf(value.properties),
        geometry: isRecord(value.geometry) ? (value.geometry as unknown as Geometry) : null,
      },
    ];
  if (typeof value.type === "string" && "coordinates" in value)
    return [{ name: null, geometry: value as unknown as Geometry }];
  throw unreadable();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The name a placemark or feature had: name, Name or title; trimmed, at most 100 characters. */
function nameOf(properties: unknown): string | null {
  if (!isRecord(properties)) return null;
  for (const key of ["name", "Name", "NAME", "title"]) {
    const value = properties[key];
    if (typeof value === "string" && value.trim()) return value.replace(/\s+/g, " ").trim().slice(0, 100);
  }
  return null;
}

/** A ring as [longitude, latitude] pairs, or null when it is not one (too few or too many points, not numbers). */
function outerRing(positions: unknown): LngLat[] | null {
  if (!Array.isArray(positions) || positions.length < 4 || positions.length > BOUNDARY_RING_MAX_POINTS) return null;
  const ring: LngLat[] = [];
  for (const position of positions) {
    if (!Array.isArray(position)) return null;
    const [lng, lat] = position as unknown[];
    if (typeof lng !== "number" || typeof lat !== "number" || !isValidLongitude(lng) || !isValidLatitude(lat))
      return null;
    ring.push([lng, lat]);
  }
  return ring;
}
