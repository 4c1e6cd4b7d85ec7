import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { Inflate } from "fflate";
import type { Geometry } from "geojson";
import { isValidLatitude, isValidLongitude, type LngLat } from "~/lib/geo";
import { Refusal } from "~/server/refusal";

// Boundaries people already have, read from the files other tools write: KML (Google Earth, GPS
// devices, other farm apps), KMZ (a KML zipped, as Google Earth saves it) and GeoJSON. What comes
// out is each polygon's outer ring (longitude, latitude; heights dropped) with the name its
// placemark or feature had; points and lines are counted and left out. Whether a shape is a
// good boundary or plot (no crossing edges, within the area limits, inside the farm) is for the
// same checks a drawn shape passes (polygon.ts): this only reads. It reads a person's bytes, so it
// runs in a worker thread with a time and a memory limit (app/threads/boundary-file.ts), never
// on the web process's event loop; within it, every size is counted before it is spent.

/** A file larger than this is refused before it is read (a farm's map is kilobytes). */
export const BOUNDARY_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** What a KMZ's KML may unpack to, counted as it unpacks: a small zip must not unpack into gigabytes. */
export const BOUNDARY_KML_MAX_BYTES = 20 * 1024 * 1024;
/** Entries a KMZ may hold (its KML, and a few icons or pictures Google Earth puts beside it). */
export const KMZ_MAX_ENTRIES = 16;
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

const unreadable = () => new Refusal("FILE_CORRUPTED", "mapping.import.errors.unreadable");
const tooLarge = () => new Refusal("FILE_TOO_LARGE", "mapping.import.errors.tooLarge");

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
      throw new Refusal("VLD_REQUIRED_FIELD", "mapping.import.errors.tooMany", {
        params: { max: BOUNDARY_FILE_MAX_SHAPES },
      });
  }
  if (shapes.length === 0) throw new Refusal("VLD_REQUIRED_FIELD", "mapping.import.errors.noShapes");
  return { format, shapes, skipped };
}

function decode(bytes: Uint8Array) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable();
  }
}

/**
 * The one KML of a KMZ, as Google Earth reads it: `doc.kml` at the zip's root, else the first
 * `.kml` at its root (in the zip's order); no other entry is unpacked, nor one in a folder. The
 * zip's table of contents (its central directory, at its end) is read first: more than
 * KMZ_MAX_ENTRIES entries is refused before anything is unpacked. The KML is unpacked as a
 * stream, its bytes counted as they come: past BOUNDARY_KML_MAX_BYTES it stops there, whatever
 * the zip's headers said its size was.
 */
function kmlOfKmz(bytes: Uint8Array): string {
  const entries = zipEntries(bytes);
  const atRoot = entries.filter((entry) => !/[/\\]/.test(entry.name) && /\.kml$/i.test(entry.name));
  const chosen = atRoot.find((entry) => entry.name.toLowerCase() === "doc.kml") ?? atRoot[0];
  if (!chosen) throw unreadable();
  return decode(unpack(bytes, chosen));
}

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

/** The entries the zip's central directory lists; 413 past KMZ_MAX_ENTRIES, 400 when it is no zip we read. */
function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes, then a comment of at most 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // A zip split over several disks, or a ZIP64 one (its counts elsewhere): no KMZ is either.
  if (disk !== 0 || directoryDisk !== 0 || count === 0xffff || directoryOffset === 0xffffffff) throw unreadable();
  if (count > KMZ_MAX_ENTRIES) throw tooLarge();
  if (directoryOffset + directorySize > end) throw unreadable();
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  while (at < directoryOffset + directorySize) {
    // The count is what the record says; the directory itself is what counts.
    if (entries.length === KMZ_MAX_ENTRIES) throw tooLarge();
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) throw unreadable();
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) throw unreadable();
    entries.push({
      name: decodeName(bytes.subarray(at + 46, at + 46 + nameLength), view.getUint16(at + 8, true)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  if (entries.length !== count) throw unreadable();
  return entries;
}

/** An entry's name: UTF-8 when its flag says so (bit 11), else read as Latin-1 (close enough to CP437 for a name ending .kml). */
function decodeName(name: Uint8Array, flags: number) {
  return new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(name);
}

/** One entry's bytes: stored as they are, or deflated and unpacked within BOUNDARY_KML_MAX_BYTES. */
function unpack(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  // Encrypted (bit 0): nothing to read without its password.
  if (entry.flags & 0x1) throw unreadable();
  // What the headers say is only a first look: the unpacking counts for itself.
  if (entry.size > BOUNDARY_KML_MAX_BYTES) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== 0x04034b50) throw unreadable();
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw unreadable();
  if (entry.method === 0) {
    if (data.length > BOUNDARY_KML_MAX_BYTES) throw tooLarge();
    return data;
  }
  if (entry.method !== 8) throw unreadable();
  return inflateAtMost(data, BOUNDARY_KML_MAX_BYTES);
}

/** Compressed bytes given to the inflater at a time: DEFLATE unpacks at most about 1,032 times, so about 1 MiB comes out of each. */
const INFLATE_STEP_BYTES = 1024;

/**
 * Unpacks a raw DEFLATE stream, counting the bytes as they come out: 413 as soon as they pass
 * `cap` (never more than about a mebibyte past it is made), 400 when the stream is broken or
 * cut short. `onChunk` hears of each piece (for tests).
 */
export function inflateAtMost(data: Uint8Array, cap: number, onChunk?: (bytes: number) => void): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    onChunk?.(chunk.length);
    total += chunk.length;
    if (total > cap) throw tooLarge();
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.length && !ended; at += INFLATE_STEP_BYTES) {
      const next = Math.min(data.length, at + INFLATE_STEP_BYTES);
      inflater.push(data.subarray(at, next), next === data.length);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw unreadable();
  }
  if (!ended) throw unreadable();
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
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
