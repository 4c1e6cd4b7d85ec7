// A farm's map as KML (Google Earth, most GPS and farm apps read it): the farm's boundary (or its
// centre) and each plot as a placemark, named as in Asiiko, with their details as ExtendedData.
// Coordinates are longitude,latitude as KML wants them; every text is XML-escaped, and characters
// XML cannot hold are dropped.

export type ExportValue = string | number | boolean | null;

export interface ExportFeature {
  type: "Feature";
  properties: Record<string, ExportValue>;
  geometry: { type: "Polygon"; coordinates: number[][][] } | { type: "Point"; coordinates: number[] } | null;
}

/** The characters XML 1.0 cannot hold: most control characters, U+FFFE/U+FFFF, half a surrogate pair. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what this drops
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as it may stand in an element or an attribute. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const position = (point: readonly number[]) => `${point[0]},${point[1]},0`;

function geometryKml(geometry: ExportFeature["geometry"]): string {
  if (!geometry) return "";
  if (geometry.type === "Point") return `<Point><coordinates>${position(geometry.coordinates)}</coordinates></Point>`;
  const [outer = [], ...holes] = geometry.coordinates;
  const ring = (points: number[][]) =>
    `<LinearRing><coordinates>${points.map(position).join(" ")}</coordinates></LinearRing>`;
  return [
    "<Polygon><tessellate>1</tessellate>",
    `<outerBoundaryIs>${ring(outer)}</outerBoundaryIs>`,
    ...holes.map((hole) => `<innerBoundaryIs>${ring(hole)}</innerBoundaryIs>`),
    "</Polygon>",
  ].join("");
}

function placemark(feature: ExportFeature): string {
  const { name, description, kind, ...details } = feature.properties;
  const data = Object.entries(details)
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `<Data name="${xmlText(key)}"><value>${xmlText(String(value))}</value></Data>`)
    .join("");
  return [
    "<Placemark>",
    `<name>${xmlText(String(name ?? ""))}</name>`,
    description ? `<description>${xmlText(String(description))}</description>` : "",
    `<styleUrl>#${kind === "farm" ? "farm" : "plot"}</styleUrl>`,
    data ? `<ExtendedData>${data}</ExtendedData>` : "",
    geometryKml(feature.geometry),
    "</Placemark>",
  ].join("");
}

/** The KML document of a farm: its features (the farm's first, then its plots), in one folder. */
export function farmKml(name: string, features: readonly ExportFeature[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    "<Document>",
    `<name>${xmlText(name)}</name>`,
    // KML colours are aabbggrr: the farm's boundary in the brand's green, plots in amber, lightly filled.
    '<Style id="farm"><LineStyle><color>ff3d8015</color><width>3</width></LineStyle><PolyStyle><color>333d8015</color></PolyStyle></Style>',
    '<Style id="plot"><LineStyle><color>ff0b9ed9</color><width>2</width></LineStyle><PolyStyle><color>330b9ed9</color></PolyStyle></Style>',
    ...features.map(placemark),
    "</Document>",
    "</kml>",
    "",
  ].join("\n");
}
