import type * as Leaflet from "leaflet";

// leaflet-draw 1.0.4 was written before Leaflet 1.9 and has known touch bugs
// (Leaflet.draw issues 548, 695, 789, 935, 1036...). We work around them here,
// once, without touching node_modules:
//
// 1. L.Draw.Polyline listens to the map's `touchstart` and adds a corner right
//    there (`_onTouch`): a finger that drags the map to pan it adds a corner,
//    and the tap's own mouse events then add the same corner a second time.
//    That handler becomes a no-op; a tap adds its corner once, through the
//    click path below, and a drag adds none.
// 2. The click path: Leaflet fires `click` for a tap only when the finger did
//    not move (its own drag check), so on a touch screen corners are added from
//    the map's `click` (see touchCorner), and the emulated mouse events of the
//    same tap are ignored.
// 3. L.Draw.SimpleShape (rectangles, circles) calls preventDefault on every
//    `touchstart` of the whole document while it draws, which stops buttons
//    and scrolling everywhere else on the page; it is scoped to the map.
// 4. A double tap zooms the map, and the zoom's taps then count as corners
//    that cross: the map's double-click zoom is off while drawing (FarmMap).
// 5. After each corner, leaflet-draw ignores the next press for 50 ms (a guard
//    against the touch and mouse paths both adding it): a quick second click was
//    lost. With one path left, the next press is taken at once.

type DrawModule = typeof Leaflet & {
  Draw: {
    Polyline: { prototype: Record<string, unknown> };
    SimpleShape: { prototype: Record<string, unknown> };
  };
};

let patched = false;

export function patchLeafletDrawForTouch(L: typeof Leaflet) {
  if (patched) return;
  patched = true;
  const draw = (L as DrawModule).Draw;

  // 1. No corner from a touchstart.
  draw.Polyline.prototype._onTouch = function ignoreTouchStart() {};

  // 2. On a touch screen the tap's emulated mousedown/mouseup would add a corner
  //    where leaflet-draw's invisible mouse marker last was; corners come from
  //    touchCorner instead. With a mouse, nothing changes.
  const onMouseDown = draw.Polyline.prototype._onMouseDown as (this: unknown, event: Leaflet.LeafletMouseEvent) => void;
  draw.Polyline.prototype._onMouseDown = function mouseDownUnlessTouch(
    this: unknown,
    event: Leaflet.LeafletMouseEvent,
  ) {
    if (lastTouchAt > 0 && performance.now() - lastTouchAt < TOUCH_MOUSE_WINDOW_MS) return;
    onMouseDown.call(this, event);
  };

  // 5. The next corner may come at once.
  draw.Polyline.prototype._enableNewMarkers = function enableAtOnce(this: { _disableMarkers?: boolean }) {
    this._disableMarkers = false;
  };

  // 3. SimpleShape's document-wide touchstart blocker, scoped to the map's container.
  const simpleAdd = draw.SimpleShape.prototype.addHooks as (this: { _map?: Leaflet.Map }) => void;
  const simpleRemove = draw.SimpleShape.prototype.removeHooks as (this: { _map?: Leaflet.Map }) => void;
  draw.SimpleShape.prototype.addHooks = function scopedAddHooks(this: { _map?: Leaflet.Map }) {
    simpleAdd.call(this);
    document.removeEventListener("touchstart", L.DomEvent.preventDefault);
    this._map?.getContainer().addEventListener("touchstart", L.DomEvent.preventDefault, { passive: false });
  };
  draw.SimpleShape.prototype.removeHooks = function scopedRemoveHooks(this: { _map?: Leaflet.Map }) {
    this._map?.getContainer().removeEventListener("touchstart", L.DomEvent.preventDefault);
    simpleRemove.call(this);
  };

  // Remember when a finger last touched the page, to tell a tap's emulated mouse events from a mouse.
  document.addEventListener("touchstart", () => (lastTouchAt = performance.now()), { passive: true, capture: true });
}

/** A tap's emulated mouse events follow its touch within this time. */
const TOUCH_MOUSE_WINDOW_MS = 1000;
let lastTouchAt = 0;

/** Whether a map click came from a finger (a tap), not a mouse. */
export function isTouchClick(event: Leaflet.LeafletMouseEvent) {
  const original = event.originalEvent as PointerEvent | MouseEvent;
  if ("pointerType" in original && original.pointerType)
    return original.pointerType === "touch" || original.pointerType === "pen";
  return lastTouchAt > 0 && performance.now() - lastTouchAt < TOUCH_MOUSE_WINDOW_MS;
}

/** What the drawing handler exposes that the tap path uses (leaflet-draw's own methods). */
export interface PolygonDrawer {
  enabled(): boolean;
  addVertex(latlng: Leaflet.LatLng): void;
  completeShape(): void;
  deleteLastVertex(): void;
  disable(): void;
  _markers?: Leaflet.Marker[];
}

/** How close (in screen pixels) a tap must be to the first corner to close the shape. */
const CLOSE_TAP_PX = 24;

/**
 * A tap while drawing: close the shape when it lands on the first corner (and
 * there are at least 3), otherwise add a corner there.
 */
export function touchCorner(map: Leaflet.Map, drawer: PolygonDrawer, latlng: Leaflet.LatLng) {
  const markers = drawer._markers ?? [];
  const first = markers[0];
  if (first && markers.length >= 3) {
    const distance = map.latLngToContainerPoint(first.getLatLng()).distanceTo(map.latLngToContainerPoint(latlng));
    if (distance <= CLOSE_TAP_PX) {
      drawer.completeShape();
      return;
    }
  }
  drawer.addVertex(latlng);
}
