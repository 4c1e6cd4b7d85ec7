import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { Refusal } from "~/server/refusal";
import { lyingKmz, repeatedDeflate, writeZip, zipBomb } from "../../../tests/support/boundary-files";
import {
  BOUNDARY_FILE_MAX_BYTES,
  BOUNDARY_KML_MAX_BYTES,
  inflateAtMost,
  KMZ_MAX_ENTRIES,
  readBoundaryFile,
} from "./boundary-file.server";

// Boundary files as other tools write them: Google Earth's KML and KMZ (a placemark per field,
// heights after each position), a GPS device's GeoJSON; and what is not one.

const FIELD = "3.9,7.3,0 3.91,7.3,0 3.91,7.31,0 3.9,7.31,0 3.9,7.3,0";
const kml = (placemarks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Mama Ngozi's farm</name>${placemarks}</Document></kml>`;
const polygon = (name: string, coordinates = FIELD) =>
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
  ${coordinates}
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
const point = `<Placemark><name>Well</name><Point><coordinates>3.905,7.305,0</coordinates></Point></Placemark>`;
const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return `${error.status} ${error.code} ${error.message}`;
    throw error;
  }
  return "read";
}

describe("boundary files", () => {
  it("reads Google Earth's KML: each polygon with its placemark's name, heights dropped, points left out", () => {
    const read = readBoundaryFile(bytes(kml(polygon("Cassava (north) &amp; yam") + polygon("Maize") + point)));
    expect(read.format).toBe("kml");
    expect(read.skipped).toBe(1);
    expect(read.shapes.map((shape) => shape.name)).toEqual(["Cassava (north) & yam", "Maize"]);
    expect(read.shapes[0]!.ring).toEqual([
      [3.9, 7.3],
      [3.91, 7.3],
      [3.91, 7.31],
      [3.9, 7.31],
      [3.9, 7.3],
    ]);
  });

  it("reads a KMZ: the doc.kml inside the zip", () => {
    const kmz = zipSync({ "doc.kml": strToU8(kml(polygon("Rice"))), "files/photo.jpg": new Uint8Array([1, 2, 3]) });
    const read = readBoundaryFile(kmz);
    expect(read.format).toBe("kmz");
    expect(read.shapes.map((shape) => shape.name)).toEqual(["Rice"]);
  });

  it("reads GeoJSON: a collection with names, one feature, a bare polygon, a multipolygon as numbered shapes", () => {
    const ring = [
      [3.9, 7.3, 120],
      [3.91, 7.3, 121],
      [3.91, 7.31, 119],
      [3.9, 7.3, 120],
    ];
    const collection = {
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: { Name: "  Yam   field " }, geometry: { type: "Polygon", coordinates: [ring] } },
        { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: ring } },
        {
          type: "Feature",
          properties: { name: "Orchard" },
          geometry: { type: "MultiPolygon", coordinates: [[ring], [ring]] },
        },
      ],
    };
    const read = readBoundaryFile(bytes(`\uFEFF ${JSON.stringify(collection)}`));
    expect(read.format).toBe("geojson");
    expect(read.shapes.map((shape) => shape.name)).toEqual(["Yam field", "Orchard 1", "Orchard 2"]);
    expect(read.shapes[0]!.ring[0]).toEqual([3.9, 7.3]);
    expect(read.skipped).toBe(1);
    expect(readBoundaryFile(bytes(JSON.stringify({ type: "Polygon", coordinates: [ring] }))).shapes).toHaveLength(1);
    expect(readBoundaryFile(bytes(JSON.stringify(collection.features[0]))).shapes.map((shape) => shape.name)).toEqual([
      "Yam field",
    ]);
  });

  it("reads a shape with crossing edges as it is: the drawn shapes' checks judge it", () => {
    const crossing = "3.9,7.3 3.91,7.31 3.91,7.3 3.9,7.31 3.9,7.3";
    expect(readBoundaryFile(bytes(kml(polygon("Bow tie", crossing)))).shapes).toHaveLength(1);
  });

  it("refuses what is not a boundary file, with the catalogue's codes", () => {
    expect(refusal(() => readBoundaryFile(new Uint8Array()))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(refusal(() => readBoundaryFile(bytes("just some text")))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(refusal(() => readBoundaryFile(bytes('{"type": "Feature", ')))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(refusal(() => readBoundaryFile(bytes("<kml><Document><Placemark></kml>")))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(refusal(() => readBoundaryFile(new Uint8Array([0x3c, 0xff, 0xfe, 0x00])))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    // A KMZ that is not a zip after its first bytes, and a zip without a KML.
    expect(refusal(() => readBoundaryFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    expect(refusal(() => readBoundaryFile(zipSync({ "notes.txt": strToU8("hello") })))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
    // Only points, or a valid XML document that is no KML.
    expect(refusal(() => readBoundaryFile(bytes(kml(point))))).toBe(
      "400 VLD_REQUIRED_FIELD mapping.import.errors.noShapes",
    );
    expect(refusal(() => readBoundaryFile(bytes("<svg><path d='M0 0'/></svg>")))).toBe(
      "400 VLD_REQUIRED_FIELD mapping.import.errors.noShapes",
    );
    // Positions that are not on the Earth.
    expect(refusal(() => readBoundaryFile(bytes(kml(polygon("Moon", "300,7.3 3.91,7.3 3.91,7.31 300,7.3")))))).toBe(
      "400 VLD_REQUIRED_FIELD mapping.import.errors.noShapes",
    );
  });

  it("refuses a huge file before reading it, and a small KMZ that unpacks into a huge KML", () => {
    expect(refusal(() => readBoundaryFile(new Uint8Array(BOUNDARY_FILE_MAX_BYTES + 1)))).toBe(
      "413 FILE_TOO_LARGE mapping.import.errors.tooLarge",
    );
    const bomb = zipSync({ "doc.kml": new Uint8Array(BOUNDARY_KML_MAX_BYTES + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(BOUNDARY_FILE_MAX_BYTES);
    expect(refusal(() => readBoundaryFile(bomb))).toBe("413 FILE_TOO_LARGE mapping.import.errors.tooLarge");
  });

  it("refuses more shapes than a farm and its plots would have", () => {
    const many = Array.from({ length: 201 }, (_, index) => polygon(`Plot ${index}`)).join("");
    expect(refusal(() => readBoundaryFile(bytes(kml(many))))).toBe(
      "400 VLD_REQUIRED_FIELD mapping.import.errors.tooMany",
    );
  });
});

describe("a KMZ", () => {
  const MiB = 1024 * 1024;
  const names = (kmz: Uint8Array) => readBoundaryFile(kmz).shapes.map((shape) => shape.name);

  it("is read from the KML Google Earth would read: doc.kml at the root, whatever comes before it", () => {
    const kmz = writeZip([
      { name: "a.kml", body: strToU8(kml(polygon("Not this one"))) },
      { name: "files/icon.png", body: new Uint8Array([137, 80, 78, 71]) },
      { name: "doc.kml", body: strToU8(kml(polygon("Rice"))) },
      { name: "b.kml", body: strToU8(kml(polygon("Nor this one"))) },
    ]);
    expect(names(kmz)).toEqual(["Rice"]);
  });

  it("is read from the first .kml at its root when there is no doc.kml; a folder's KML is never read", () => {
    const first = writeZip([
      { name: "maps/doc.kml", body: strToU8(kml(polygon("In a folder"))) },
      { name: "zfarm.kml", body: strToU8(kml(polygon("Cassava"))) },
      { name: "afarm.kml", body: strToU8(kml(polygon("Second"))) },
    ]);
    expect(names(first)).toEqual(["Cassava"]);
    // Stored (not compressed) entries are read too.
    expect(names(writeZip([{ name: "Farm.KML", body: strToU8(kml(polygon("Stored"))), stored: true }]))).toEqual([
      "Stored",
    ]);
    // Only folders' KMLs: nothing Google Earth would open.
    const nested = writeZip([{ name: "maps/doc.kml", body: strToU8(kml(polygon("In a folder"))) }]);
    expect(refusal(() => readBoundaryFile(nested))).toBe("400 FILE_CORRUPTED mapping.import.errors.unreadable");
    // A nested KML that is broken is not even looked at.
    const beside = writeZip([
      { name: "files/broken.kml", body: new Uint8Array([0xff, 0xfe, 0xfd]) },
      { name: "farm.kml", body: strToU8(kml(polygon("Yam"))) },
    ]);
    expect(names(beside)).toEqual(["Yam"]);
  });

  it("of more than a handful of entries is refused from its table of contents, before anything is unpacked", () => {
    const entries = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: index === 0 ? "doc.kml" : `files/photo-${index}.jpg`,
        body: index === 0 ? strToU8(kml(polygon("Rice"))) : new Uint8Array([index]),
      }));
    expect(names(writeZip(entries(KMZ_MAX_ENTRIES)))).toEqual(["Rice"]);
    expect(refusal(() => readBoundaryFile(writeZip(entries(KMZ_MAX_ENTRIES + 1))))).toBe(
      "413 FILE_TOO_LARGE mapping.import.errors.tooLarge",
    );
    // The attack's zip bombs: 60 and 245 entries of 20 MiB of zeros, named *.kml; refused at once.
    for (const bomb of [zipBomb(60), zipBomb(245)]) {
      expect(bomb.length).toBeLessThan(BOUNDARY_FILE_MAX_BYTES);
      const started = performance.now();
      expect(refusal(() => readBoundaryFile(bomb))).toBe("413 FILE_TOO_LARGE mapping.import.errors.tooLarge");
      // Nothing unpacked: only the table of contents read.
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it("whose end record hides entries is refused by the entries its directory holds", () => {
    const kmz = writeZip(
      Array.from({ length: KMZ_MAX_ENTRIES + 4 }, (_, index) => ({
        name: `${index}.kml`,
        body: strToU8(kml(polygon("Rice"))),
      })),
    );
    // The end record's counts say 1 (offsets 8 and 10 of its 22 bytes).
    const view = new DataView(kmz.buffer, kmz.byteOffset, kmz.byteLength);
    view.setUint16(kmz.length - 22 + 8, 1, true);
    view.setUint16(kmz.length - 22 + 10, 1, true);
    expect(refusal(() => readBoundaryFile(kmz))).toBe("413 FILE_TOO_LARGE mapping.import.errors.tooLarge");
  });

  it("whose headers lie about the KML's size is stopped as it unpacks, at the cap", () => {
    // Says 300 bytes; unpacks to 1 GiB of a KML's opening and spaces.
    const kmz = lyingKmz(1024);
    expect(kmz.length).toBeLessThan(BOUNDARY_FILE_MAX_BYTES);
    // It stops at 20 MiB, not after the GiB (the next test counts what comes out).
    expect(refusal(() => readBoundaryFile(kmz))).toBe("413 FILE_TOO_LARGE mapping.import.errors.tooLarge");
  });

  it("is unpacked a piece at a time, counted, and never more than a mebibyte past the cap", () => {
    const pieces: number[] = [];
    const stream = repeatedDeflate(1024);
    expect(() => inflateAtMost(stream, BOUNDARY_KML_MAX_BYTES, (bytes) => pieces.push(bytes))).toThrow(Refusal);
    const unpacked = pieces.reduce((sum, bytes) => sum + bytes, 0);
    expect(unpacked).toBeGreaterThan(BOUNDARY_KML_MAX_BYTES);
    expect(unpacked).toBeLessThan(BOUNDARY_KML_MAX_BYTES + 1.1 * MiB);
    expect(Math.max(...pieces)).toBeLessThan(1.1 * MiB);
    // Under the cap the whole stream comes back; cut short, it is unreadable.
    expect(inflateAtMost(repeatedDeflate(3), 4 * MiB)).toHaveLength(3 * MiB);
    expect(refusal(() => inflateAtMost(stream.subarray(0, 5_000), BOUNDARY_KML_MAX_BYTES))).toBe(
      "400 FILE_CORRUPTED mapping.import.errors.unreadable",
    );
  });

  it("that is no zip past its first bytes, or encrypted, or packed some other way, is unreadable", () => {
    const good = writeZip([{ name: "doc.kml", body: strToU8(kml(polygon("Rice"))) }]);
    const cut = good.subarray(0, good.length - 30);
    expect(refusal(() => readBoundaryFile(cut))).toBe("400 FILE_CORRUPTED mapping.import.errors.unreadable");
    const encrypted = good.slice();
    new DataView(encrypted.buffer).setUint16(encrypted.length - 22 - 46 - "doc.kml".length + 8, 0x801, true);
    expect(refusal(() => readBoundaryFile(encrypted))).toBe("400 FILE_CORRUPTED mapping.import.errors.unreadable");
    const bzip = good.slice();
    new DataView(bzip.buffer).setUint16(bzip.length - 22 - 46 - "doc.kml".length + 10, 12, true);
    expect(refusal(() => readBoundaryFile(bzip))).toBe("400 FILE_CORRUPTED mapping.import.errors.unreadable");
  });
});
