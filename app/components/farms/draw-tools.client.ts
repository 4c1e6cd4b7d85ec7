import L from "leaflet";
import "leaflet-draw";
import { patchLeafletDrawForTouch, type PolygonDrawer } from "./leaflet-touch.client";

// leaflet-draw, mended for fingers (./leaflet-touch.client.ts): fetched when the farmer first
// draws, or reaches for a button that starts a drawing, not with the map, which most visits only
// look at. Importing this module is what loads it.

patchLeafletDrawForTouch(L);

export type DrawHandler = PolygonDrawer & { enable(): void; _mouseMarker?: L.Marker };

type DrawConstructors = { Draw: { Polygon: new (map: L.Map, options: object) => DrawHandler } };

/** A polygon drawing handler on `map` (not yet enabled). */
export function polygonDrawer(map: L.Map, options: object): DrawHandler {
  return new (L as unknown as DrawConstructors).Draw.Polygon(map, options);
}
