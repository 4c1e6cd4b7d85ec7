import L from "leaflet";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import type { LngLat } from "~/lib/geo";
import {
  BOUNDARY_COLOUR,
  GEOLOCATION_OPTIONS,
  MAP_DEFAULTS,
  PLOT_COLOURS,
  TAB_SOURCE,
  type MapTiles,
} from "~/modules/farms/constants";
import type { TileSources } from "~/lib/map-tiles";
import { featureRing, ringAreaSquareMetres } from "~/modules/farms/polygon";
import type { FarmDto, PlotDto, PolygonFeature } from "~/modules/farms/types";
import type { DrawHandler, polygonDrawer } from "./draw-tools.client";
import { isTouchClick, touchCorner } from "./leaflet-touch.client";

// The map itself: Leaflet, in the browser only (this module is loaded with React.lazy after
// the page has mounted, so Leaflet is in no other page's JavaScript and never runs during server
// rendering). It shows the selected farm's boundary and plots, draws new shapes (with
// leaflet-draw, fetched when a drawing starts: ./draw-tools.client.ts), and follows a walk.

/** leaflet-draw and its touch mending, fetched once, when first wanted. */
export const loadDrawTools = () => import("./draw-tools.client");

type PolygonDrawerMaker = typeof polygonDrawer;

/** The events leaflet-draw fires on the map (its L.Draw.Event names). */
const DRAW_EVENTS = { created: "draw:created", vertex: "draw:drawvertex", stop: "draw:drawstop" } as const;

export type DrawMode = "farm" | "plot";

export interface DrawProgress {
  corners: number;
  areaSquareMetres: number;
  /** Whether the drawing tools have arrived and taps make corners (false while they are fetched). */
  ready: boolean;
}

export interface FarmMapHandle {
  finishDrawing(): void;
  undoCorner(): void;
  locate(): void;
}

export interface FarmMapProps {
  tiles: MapTiles;
  /** The configured tile sources (the tab says which one shows). */
  sources: TileSources;
  farm: FarmDto | null;
  plots: PlotDto[];
  /** Shapes kept on the phone until there is signal: drawn dashed and grey, said to be waiting. */
  waiting: { id: string; kind: "boundary" | "plot"; name: string; feature: PolygonFeature; state: string }[];
  drawing: DrawMode | null;
  /** A walked boundary in progress ([lng, lat] corners) and the last position heard. */
  walk: { corners: LngLat[]; last: { latitude: number; longitude: number; accuracy: number } | null } | null;
  /** Changes when the map should fly to the selected farm. */
  focusKey: string;
  labels: { map: string };
  onDrawn(mode: DrawMode, ring: LngLat[]): void;
  onDrawProgress(progress: DrawProgress): void;
  onDrawStopped(): void;
  onEdgesCross(): void;
  onTilesFailed(): void;
  onLocateFailed(): void;
  /** The map's centre, when it moves (new farms start there). */
  onCentreChange(centre: { latitude: number; longitude: number }): void;
}

const latLngOf = ([lng, lat]: LngLat) => L.latLng(lat, lng);

/** A corner marker: 14 px under a mouse, 24 px under a finger. */
const cornerIcon = () =>
  L.Browser.touch
    ? L.divIcon({ className: "leaflet-div-icon leaflet-editing-icon leaflet-touch-icon", iconSize: L.point(24, 24) })
    : L.divIcon({ className: "leaflet-div-icon leaflet-editing-icon", iconSize: L.point(14, 14) });

export const FarmMap = forwardRef<FarmMapHandle, FarmMapProps>(function FarmMap(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const tileLayer = useRef<L.TileLayer | null>(null);
  const shapes = useRef<L.LayerGroup | null>(null);
  const walkLayer = useRef<L.LayerGroup | null>(null);
  const drawer = useRef<DrawHandler | null>(null);
  const drawMode = useRef<DrawMode | null>(null);
  // The newest callbacks, read by Leaflet's handlers (bound once).
  const callbacks = useRef(props);
  callbacks.current = props;

  useImperativeHandle(ref, () => ({
    finishDrawing() {
      const handler = drawer.current;
      if (handler?.enabled()) handler.completeShape();
    },
    undoCorner() {
      const handler = drawer.current;
      if (handler?.enabled()) handler.deleteLastVertex();
    },
    locate() {
      map.current?.locate({ setView: true, maxZoom: MAP_DEFAULTS.locateMaxZoom, ...GEOLOCATION_OPTIONS });
    },
  }));

  // The map, once.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = L.map(element, {
      center: [MAP_DEFAULTS.centre.latitude, MAP_DEFAULTS.centre.longitude],
      zoom: MAP_DEFAULTS.zoom,
      maxZoom: MAP_DEFAULTS.tileMaxZoom,
      zoomControl: false,
    });
    // Bottom right, out of the way of the drawing panel over the map's top.
    L.control.zoom({ position: "bottomright" }).addTo(created);
    map.current = created;
    shapes.current = L.layerGroup().addTo(created);
    walkLayer.current = L.layerGroup().addTo(created);

    created.on(DRAW_EVENTS.created, (event) => {
      const layer = (event as unknown as { layer: L.Polygon }).layer;
      const latlngs = layer.getLatLngs()[0] as L.LatLng[];
      const ring: LngLat[] = latlngs.map((point) => [point.lng, point.lat]);
      if (ring.length > 0) ring.push(ring[0]!);
      const mode = drawMode.current;
      if (mode) callbacks.current.onDrawn(mode, ring);
    });
    created.on(DRAW_EVENTS.vertex, (event) => {
      const group = (event as unknown as { layers: L.LayerGroup }).layers;
      const ring: LngLat[] = (group.getLayers() as L.Marker[]).map((marker) => [
        marker.getLatLng().lng,
        marker.getLatLng().lat,
      ]);
      callbacks.current.onDrawProgress({
        corners: ring.length,
        areaSquareMetres: ring.length >= 3 ? ringAreaSquareMetres(ring) : 0,
        ready: true,
      });
    });
    created.on(DRAW_EVENTS.stop, () => {
      drawMode.current = null;
      created.doubleClickZoom.enable();
      callbacks.current.onDrawStopped();
    });
    // A tap while drawing adds a corner (or closes the shape on the first one): see leaflet-touch.
    created.on("click", (event: L.LeafletMouseEvent) => {
      const handler = drawer.current;
      if (handler?.enabled() && isTouchClick(event)) touchCorner(created, handler, event.latlng);
    });
    created.on("locationerror", () => callbacks.current.onLocateFailed());
    created.on("moveend", () => {
      const centre = created.getCenter();
      callbacks.current.onCentreChange({ latitude: centre.lat, longitude: centre.lng });
    });
    // On a touch screen the invisible mouse marker of leaflet-draw must not catch taps (leaflet-touch).
    const markTouch = () => element.classList.add("asiiko-touch");
    element.addEventListener("touchstart", markTouch, { passive: true });

    // Shown when the map is first laid out after a lazy load; Leaflet measures its box then.
    requestAnimationFrame(() => created.invalidateSize());
    return () => {
      element.removeEventListener("touchstart", markTouch);
      created.remove();
      map.current = null;
    };
  }, []);

  // The tiles of the chosen tab; when they cannot be loaded the shapes stay on a plain background.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const source = props.sources[TAB_SOURCE[props.tiles]];
    tileLayer.current?.remove();
    let reported = false;
    const layer = L.tileLayer(source.url, {
      maxZoom: MAP_DEFAULTS.tileMaxZoom,
      maxNativeZoom: source.maxNativeZoom,
      attribution: source.attribution,
      ...(source.subdomains ? { subdomains: source.subdomains } : {}),
      // A source that allows keeping tiles is fetched as CORS images (its server sends
      // Access-Control-Allow-Origin): a kept tile is then the tile, not an opaque placeholder.
      ...(source.offline ? { crossOrigin: "anonymous" } : {}),
    });
    layer.on("tileerror", () => {
      if (reported) return;
      reported = true;
      callbacks.current.onTilesFailed();
    });
    layer.addTo(current);
    tileLayer.current = layer;
  }, [props.tiles, props.sources]);

  // The selected farm's boundary and plots.
  useEffect(() => {
    const group = shapes.current;
    if (!group) return;
    group.clearLayers();
    const boundary = props.farm ? featureRing(props.farm.boundary) : null;
    if (boundary) {
      L.polygon(boundary.map(latLngOf), {
        color: BOUNDARY_COLOUR,
        weight: 3,
        dashArray: "6 4",
        fillOpacity: 0.05,
        interactive: false,
      }).addTo(group);
    }
    for (const plot of props.plots) {
      const ring = featureRing(plot.geometry);
      if (!ring) continue;
      const colour = PLOT_COLOURS[plot.type];
      // Leaflet reads a string as HTML: the farmer's name goes in as text.
      const label = document.createElement("span");
      label.textContent = plot.name;
      L.polygon(ring.map(latLngOf), { color: colour, fillColor: colour, fillOpacity: 0.35, weight: 2 })
        .bindTooltip(label, { sticky: true })
        .addTo(group);
    }
    for (const change of props.waiting) {
      const ring = featureRing(change.feature);
      if (!ring) continue;
      const label = document.createElement("span");
      label.textContent = change.name;
      const refused = change.state === "refused";
      L.polygon(ring.map(latLngOf), {
        color: refused ? "#b91c1c" : "#4b5563",
        weight: 2,
        dashArray: "4 4",
        fillOpacity: 0.1,
        className: "asiiko-waiting-shape",
      })
        .bindTooltip(label, { sticky: true })
        .addTo(group);
    }
  }, [props.farm, props.plots, props.waiting]);

  // Fly to the farm when another is selected: its boundary, or its centre.
  useEffect(() => {
    const current = map.current;
    const farm = props.farm;
    if (!current || !farm) return;
    const boundary = featureRing(farm.boundary);
    if (boundary) current.fitBounds(L.latLngBounds(boundary.map(latLngOf)), { padding: [24, 24], maxZoom: 18 });
    else current.setView([farm.centerLat, farm.centerLng], MAP_DEFAULTS.zoom);
    // Only a new selection moves the map, not every change of the farm.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.focusKey]);

  // Drawing: a leaflet-draw polygon handler, started and stopped by the page.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (!props.drawing) {
      if (drawer.current?.enabled()) drawer.current.disable();
      return;
    }
    const mode = props.drawing;
    const colour = mode === "farm" ? BOUNDARY_COLOUR : PLOT_COLOURS.field;
    let stopped = false;
    let handler: DrawHandler | null = null;
    void loadDrawTools().then(({ polygonDrawer }) => {
      // Cancelled, or another drawing begun, while the tools were on their way.
      if (stopped) return;
      handler = startDrawing(current, mode, colour, polygonDrawer);
    });
    return () => {
      stopped = true;
      if (handler?.enabled()) handler.disable();
    };
  }, [props.drawing]);

  /** Starts leaflet-draw's polygon handler on the map, the page told of each corner and crossing. */
  function startDrawing(current: L.Map, mode: DrawMode, colour: string, polygonDrawer: PolygonDrawerMaker) {
    const handler = polygonDrawer(current, {
      allowIntersection: false,
      showArea: false,
      showLength: false,
      shapeOptions: { color: colour, fillColor: colour, fillOpacity: 0.2, weight: 3 },
      // leaflet-draw picks its touch icon before reading ours: both are given, the finger-sized one on a touch screen.
      icon: cornerIcon(),
      touchIcon: cornerIcon(),
    });
    // leaflet-draw reports crossing edges in its own (English) tooltip, hidden here: the page says it.
    const showError = (handler as unknown as { _showErrorTooltip: () => void })._showErrorTooltip;
    (handler as unknown as { _showErrorTooltip: () => void })._showErrorTooltip = function reportCrossing(
      this: unknown,
    ) {
      showError.call(this);
      callbacks.current.onEdgesCross();
    };
    drawer.current = handler;
    drawMode.current = mode;
    current.doubleClickZoom.disable();
    handler.enable();
    callbacks.current.onDrawProgress({ corners: 0, areaSquareMetres: 0, ready: true });
    return handler;
  }

  // A walk in progress: the corners so far, and where the phone is with its accuracy.
  useEffect(() => {
    const group = walkLayer.current;
    if (!group) return;
    group.clearLayers();
    const walk = props.walk;
    if (!walk) return;
    if (walk.corners.length > 1)
      L.polyline(walk.corners.map(latLngOf), { color: BOUNDARY_COLOUR, weight: 3 }).addTo(group);
    if (walk.last) {
      const here = L.latLng(walk.last.latitude, walk.last.longitude);
      L.circle(here, {
        radius: walk.last.accuracy,
        color: "#2563eb",
        weight: 1,
        fillOpacity: 0.1,
        interactive: false,
      }).addTo(group);
      L.circleMarker(here, {
        radius: 6,
        color: "#ffffff",
        weight: 2,
        fillColor: "#2563eb",
        fillOpacity: 1,
        interactive: false,
      }).addTo(group);
      map.current?.panTo(here, { animate: false });
    }
  }, [props.walk]);

  return (
    <div
      ref={container}
      role="application"
      aria-label={props.labels.map}
      data-farm-map=""
      className="farm-map h-full w-full"
    />
  );
});

export default FarmMap;
