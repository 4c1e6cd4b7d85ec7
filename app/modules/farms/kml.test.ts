import { describe, expect, it } from "vitest";
import { farmKml, xmlText, type ExportFeature } from "./kml";

const square: ExportFeature = {
  type: "Feature",
  properties: { kind: "plot", id: "p1", name: "North <field> & 'yam'", type: "crop", crops: "Yam", areaHectares: 1.25 },
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [3.9, 7.3],
        [3.91, 7.3],
        [3.91, 7.31],
        [3.9, 7.3],
      ],
    ],
  },
};

describe("farm KML", () => {
  it("escapes text and drops what XML cannot hold", () => {
    expect(xmlText(`a<b>&"c"'d'\u0000\u0007e\uD800`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;e");
  });

  it("writes each feature as a placemark, longitude first, with its details", () => {
    const farm: ExportFeature = {
      type: "Feature",
      properties: {
        kind: "farm",
        id: "f1",
        name: "Ọ̀yọ́ farm",
        description: "By the river",
        crops: "",
        areaHectares: null,
      },
      geometry: { type: "Point", coordinates: [3.947, 7.3775] },
    };
    const kml = farmKml("Ọ̀yọ́ farm", [farm, square, { ...square, geometry: null }]);
    expect(kml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">')).toBe(
      true,
    );
    expect(kml).toContain("<name>Ọ̀yọ́ farm</name>");
    expect(kml).toContain("<description>By the river</description>");
    expect(kml).toContain("<Point><coordinates>3.947,7.3775,0</coordinates></Point>");
    expect(kml).toContain("<name>North &lt;field&gt; &amp; &apos;yam&apos;</name>");
    expect(kml).toContain(
      "<outerBoundaryIs><LinearRing><coordinates>3.9,7.3,0 3.91,7.3,0 3.91,7.31,0 3.9,7.3,0</coordinates></LinearRing></outerBoundaryIs>",
    );
    expect(kml).toContain('<Data name="areaHectares"><value>1.25</value></Data>');
    // Empty details are left out; so is the kind, which the style says.
    expect(kml).not.toContain('<Data name="crops"><value></value>');
    expect(kml).not.toContain('name="kind"');
    expect(kml.match(/<Placemark>/g)).toHaveLength(3);
    expect(kml.match(/<styleUrl>#plot<\/styleUrl>/g)).toHaveLength(2);
  });
});
