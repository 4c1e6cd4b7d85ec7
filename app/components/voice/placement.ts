import { useEffect, useState, type RefObject } from "react";

// Where the floating microphone sits. It starts at the bottom right (the
// specification's place); when what is under it there is content (words, a
// control, a picture, the map's zoom buttons), it moves to the nearest place along
// the screen's bottom corners and edges where nothing is. Where every such place
// covers something (a list of cards fills a phone's width), it becomes a slim tab in
// the page's side margin, which content never reaches. It comes back as the page
// moves on. The page's own end keeps room for it (the shell's bottom padding).

export type Side = "right" | "left";
/** The round button, or the slim tab that fits in the page's side margin. */
export type Form = "button" | "tab";

/** A place for the microphone: its form, which edge, and how far above the screen's bottom (px). */
export interface Placement {
  form: Form;
  side: Side;
  bottom: number;
}

export const HOME: Placement = { form: "button", side: "right", bottom: 16 };

/** The button's size, and the tab's (as wide as the page's side margin). */
export const BUTTON_SIZE = 56;
export const TAB = { width: 16, height: 64 };

/** The gap kept from the screen's edges, and between places tried up the edge. */
const EDGE = 16;
const STEP = 48;

/**
 * The places tried, best first: the round button at the bottom right, the bottom left,
 * then up each edge in turns, no higher than the middle of the screen (where a thumb
 * reaches); then the tab, in the same order.
 */
export function candidatePlacements(viewportHeight: number): Placement[] {
  const places: Placement[] = [];
  for (const form of ["button", "tab"] as const) {
    const height = form === "button" ? BUTTON_SIZE : TAB.height;
    const highest = Math.max(EDGE, Math.floor(viewportHeight * 0.5) - height);
    for (let bottom = EDGE; bottom <= highest; bottom += STEP) {
      places.push({ form, side: "right", bottom }, { form, side: "left", bottom });
    }
  }
  return places;
}

/**
 * The search for a place, one place at a time (it yields after each place looked at, and
 * returns the choice): the first place nothing is under; when every place covers
 * something, the one that covers least (the earliest among equals), so the button is
 * never lost. `covered` is told how many covered points already rule a place out, and may
 * stop counting there (1 while looking for a free place).
 */
export function* searchPlacement(
  places: Placement[],
  covered: (place: Placement, enough: number) => number,
): Generator<void, Placement> {
  // First the free places only: a place is ruled out by its first covered point, which on a
  // page of cards is one look or two. Most pages have one (the tab's margin, at least).
  for (const place of places) {
    if (covered(place, 1) === 0) return place;
    yield;
  }
  let best: Placement = places[0] ?? HOME;
  let least = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const count = covered(place, least);
    if (count === 0) return place;
    if (count < least) {
      least = count;
      best = place;
    }
    yield;
  }
  return best;
}

/** The whole search at once (searchPlacement). */
export function choosePlacement(places: Placement[], covered: (place: Placement, enough: number) => number): Placement {
  const search = searchPlacement(places, covered);
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
  }
}

export function samePlacement(a: Placement, b: Placement) {
  return a.form === b.form && a.side === b.side && a.bottom === b.bottom;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box the microphone would take at a place, in the viewport's coordinates. */
export function boxAt(place: Placement, lift: number, viewport: { width: number; height: number }): Box {
  const [width, height, gap] = place.form === "button" ? [BUTTON_SIZE, BUTTON_SIZE, EDGE] : [TAB.width, TAB.height, 0];
  const top = viewport.height - place.bottom - lift - height;
  const left = place.side === "right" ? viewport.width - gap - width : gap;
  return { left, top, width, height };
}

/**
 * Points spread over a box, a little past its edge, where content is looked for: no
 * more than 16 px apart, so a line of text or a small control cannot fit between them.
 */
export function probePoints(box: Box, margin = 4): Array<[number, number]> {
  const spread = (start: number, length: number) => {
    const from = start - margin;
    const span = length + 2 * margin;
    const steps = Math.max(2, Math.ceil(span / 16));
    return Array.from({ length: steps + 1 }, (_, index) => from + (span * index) / steps);
  };
  const xs = spread(box.left, box.width);
  const ys = spread(box.top, box.height);
  return xs.flatMap((x) => ys.map((y): [number, number] => [x, y]));
}

const CONTROLS =
  "a[href], button, input, select, textarea, label, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=switch], [tabindex]:not([tabindex='-1'])";
const MEDIA = "img, svg, canvas, video, picture";

const near = (rect: DOMRect, x: number, y: number) =>
  rect.width > 0 &&
  rect.height > 0 &&
  x >= rect.left - 2 &&
  x <= rect.right + 2 &&
  y >= rect.top - 2 &&
  y <= rect.bottom + 2;

/** Whether a text node of this element draws a glyph at the point. */
function textAt(element: Element, x: number, y: number) {
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (near(rect, x, y)) return true;
  }
  return false;
}

/**
 * Whether content lies at the point inside an element: the element itself (a control, a
 * picture, its own words), or one of its children whose box holds the point, all the way
 * down. Looking down from the topmost element finds what hit-testing skips: a disabled
 * button takes no pointer, yet it is read and must not be covered.
 */
function contentWithin(element: Element, x: number, y: number): boolean {
  if (element.closest(".leaflet-control")) return true;
  // The map's tiles and drawn shapes are the map, which fills its panel.
  if (element.closest(".leaflet-container")) return false;
  if (element.matches(CONTROLS) || element.matches(MEDIA) || textAt(element, x, y)) return true;
  for (const child of element.children) {
    if (near(child.getBoundingClientRect(), x, y) && contentWithin(child, x, y)) return true;
  }
  return false;
}

/** Whether a person reads or uses something at a point, under the widget. */
function contentAt(x: number, y: number, widget: Element) {
  if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
  const under = document.elementsFromPoint(x, y).find((element) => !widget.contains(element));
  if (!under) return false;
  // The toasts have their own way (the widget rises above them).
  if (under.closest("[data-toast-viewport]")) return false;
  if (under.closest(CONTROLS) || under.closest(MEDIA)) return true;
  return contentWithin(under, x, y);
}

/** How many probe points of a place have content under them, counted no further than `enough`. */
export function coveredAt(place: Placement, lift: number, widget: Element, enough = Number.POSITIVE_INFINITY) {
  const box = boxAt(place, lift, { width: window.innerWidth, height: window.innerHeight });
  let count = 0;
  // The tab lies in the page's margin, against the content's edge: it keeps no gap of its own.
  for (const [x, y] of probePoints(box, place.form === "button" ? 4 : 1)) {
    if (contentAt(x, y, widget)) count += 1;
    if (count >= enough) break;
  }
  return count;
}

/** How long the page must be still (no scrolling, no change) before the button moves. */
const SETTLE_MS = 120;
/**
 * The longest the search runs before letting the page answer a tap: on a page of cards
 * every place covers something, and looking under all of them at once held a slow phone's
 * main thread for about 300 ms while the page loaded.
 */
const SLICE_MS = 8;

/**
 * The button's place, looked for again whenever the page settles after a scroll, a
 * resize or a change of content. `held` keeps it where it is (while the widget's
 * panel is open, so what it says does not jump under the reader's finger).
 */
export function useMicPlacement(widget: RefObject<HTMLElement | null>, lift: number, held: boolean, pathname: string) {
  const [placement, setPlacement] = useState<Placement>(HOME);
  useEffect(() => {
    if (held) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const place = () => {
      timer = undefined;
      const root = widget.current;
      if (!root) return;
      const search = searchPlacement(candidatePlacements(window.innerHeight), (candidate, enough) =>
        coveredAt(candidate, lift, root, enough),
      );
      // A slice at a time; a scroll or a change in between starts the search again (schedule).
      const work = () => {
        timer = undefined;
        const until = performance.now() + SLICE_MS;
        for (;;) {
          const step = search.next();
          if (step.done) {
            const chosen = step.value;
            setPlacement((current) => (samePlacement(current, chosen) ? current : chosen));
            return;
          }
          if (performance.now() >= until) {
            timer = setTimeout(work, 0);
            return;
          }
        }
      };
      work();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(place, SETTLE_MS);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
      changes.disconnect();
      sizes.disconnect();
    };
  }, [widget, lift, held, pathname]);
  return placement;
}
