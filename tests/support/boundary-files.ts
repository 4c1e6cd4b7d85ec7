import { constants, crc32, deflateRawSync } from "node:zlib";

// Boundary files made by the tests that need them, never kept in the repository: zips written
// entry by entry (so a header can say what it likes about its sizes), zip bombs, and a GeoJSON
// as heavy as a boundary file may be.

const MiB = 1024 * 1024;

export interface ZipEntryInput {
  name: string;
  /** What the entry holds (deflated unless `stored`), or `deflated` when it is already compressed. */
  body?: Uint8Array;
  deflated?: { data: Uint8Array; size: number; crc: number };
  stored?: boolean;
  /** The size the headers claim, when it is to be a lie. */
  claimedSize?: number;
}

/** A zip of these entries, in this order, written byte by byte. */
export function writeZip(entries: ZipEntryInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const body = entry.body ?? new Uint8Array();
    const packed = entry.deflated ?? {
      data: entry.stored ? body : deflateRawSync(body, { level: 9 }),
      size: body.length,
      crc: crc32(body),
    };
    const method = entry.stored ? 0 : 8;
    const size = entry.claimedSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(packed.crc >>> 0, 14);
    local.writeUInt32LE(packed.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(packed.crc >>> 0, 16);
    central.writeUInt32LE(packed.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(packed.data.buffer, packed.data.byteOffset, packed.data.byteLength));
    centrals.push(central, name);
    offset += local.length + name.length + packed.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** `bytes` of zeros, deflated once (DEFLATE's best ratio, about 1,000 to 1). */
export function deflatedZeros(bytes: number) {
  const zeros = Buffer.alloc(bytes);
  return { data: deflateRawSync(zeros, { level: 9 }), size: bytes, crc: crc32(zeros) };
}

/**
 * The zip bomb of the attack: `entries` entries named `bomb-<n>.kml`, each `entryMiB` MiB of
 * zeros (60 of 20 MiB: 1.2 MB that unpacks to 1.2 GB; 245 of them: just under 5 MB).
 */
export function zipBomb(entries: number, entryMiB = 20) {
  const deflated = deflatedZeros(entryMiB * MiB);
  return writeZip(Array.from({ length: entries }, (_, index) => ({ name: `bomb-${index}.kml`, deflated })));
}

/**
 * A raw DEFLATE stream of `mebibytes` MiB of `byte`, made without ever holding it: one MiB
 * compressed with a full flush (byte-aligned, nothing referring back past it) repeated, then the
 * final empty block.
 */
export function repeatedDeflate(mebibytes: number, byte = 0x20) {
  const piece = deflateRawSync(Buffer.alloc(MiB, byte), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  return new Uint8Array(Buffer.concat([...Array.from({ length: mebibytes }, () => piece), last]));
}

/**
 * A KMZ whose doc.kml says (in both headers) it unpacks to a few hundred bytes, but unpacks to
 * `mebibytes` MiB: a KML opening, then spaces.
 */
export function lyingKmz(mebibytes: number) {
  const opening = deflateRawSync(Buffer.from('<?xml version="1.0"?><kml><Document>'), {
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const data = new Uint8Array(Buffer.concat([opening, repeatedDeflate(mebibytes)]));
  return writeZip([{ name: "doc.kml", deflated: { data, size: 300, crc: 0 } }]);
}

/**
 * A GeoJSON of `rings` polygons of `points` positions each (45 of 4,999: about 4.7 MB), each a
 * wobbling circle (a GPS trace round a field), so simplifying it is real work.
 */
export function heavyGeoJson(rings = 45, points = 4_999) {
  const features = Array.from({ length: rings }, (_, index) => {
    const [lng, lat] = [3.9 + (index % 9) * 0.01, 7.5 + Math.floor(index / 9) * 0.01];
    const ring: number[][] = [];
    for (let step = 0; step < points - 1; step += 1) {
      const angle = (2 * Math.PI * step) / (points - 1);
      const radius = 0.003 * (1 + 0.02 * Math.sin(step * 7.3) + 0.01 * Math.cos(step * 1.7));
      ring.push([+(lng + radius * Math.cos(angle)).toFixed(7), +(lat + radius * Math.sin(angle)).toFixed(6)]);
    }
    ring.push(ring[0]!);
    return {
      type: "Feature",
      properties: { name: `Trace ${index + 1}` },
      geometry: { type: "Polygon", coordinates: [ring] },
    };
  });
  return new TextEncoder().encode(JSON.stringify({ type: "FeatureCollection", features }));
}
