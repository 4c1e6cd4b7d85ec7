import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { Refusal } from "~/server/refusal";
import { BOUNDARY_FILE_MAX_BYTES, BOUNDARY_KML_MAX_BYTES, readBoundaryFile } from "./boundary-file.server";

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
