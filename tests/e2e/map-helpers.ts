import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Working the farm map in a browser test as a farmer does: tiles answered locally (the public
// servers cannot be reached here), points of the map a finger can reach, corners added one by one
// and seen before the next, and the map left to settle before a tap.

export const TILE_HOSTS = /arcgisonline\.com|opentopomap\.org|openstreetmap\.org/;
// A 1×1 green PNG.
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export async function answerTiles(context: BrowserContext, how: "tile" | "refuse" = "tile") {
  await context.route(TILE_HOSTS, (route) =>
    how === "tile"
      ? route.fulfill({ status: 200, contentType: "image/png", body: TILE })
      : route.abort("internetdisconnected"),
  );
}

/**
 * Points on the map, as fractions of the part a finger can reach: below the
 * drawing panel that lies over its top, above the attribution line (the zoom
 * buttons are at the bottom right: keep x under 0.75 near the bottom).
 */
export async function mapPoints(page: Page, fractions: [number, number][]) {
  const box = await page.locator("[data-farm-map]").boundingBox();
  if (!box) throw new Error("the map is not on the page");
  const panel = page.locator("[data-drawing], [data-walk]");
  const panelBox = (await panel.count()) > 0 ? await panel.first().boundingBox() : null;
  const top = panelBox ? panelBox.y + panelBox.height + 8 : box.y + 8;
  const bottom = box.y + box.height - 24;
  return fractions.map(([x, y]) => ({ x: box.x + box.width * x, y: top + (bottom - top) * y }));
}

export const corners = (page: Page) => page.locator("[data-live-area]");

/** Waits until the map has stopped moving (a pan's glide ends), as a farmer waits before the next tap. */
export async function mapSettled(page: Page) {
  await page.waitForFunction(
    () => {
      const pane = document.querySelector<HTMLElement>("[data-farm-map] .leaflet-map-pane");
      const state = window as unknown as { asiikoPane?: string };
      const now = pane?.style.transform ?? "";
      const still = state.asiikoPane === now;
      state.asiikoPane = now;
      return still;
    },
    undefined,
    { polling: 250 },
  );
}

/** Corners at these points of the map, one by one, each seen on the panel before the next (as a farmer sees it). */
export async function addCorners(page: Page, fractions: [number, number][], how: "click" | "tap" = "click") {
  for (const point of await mapPoints(page, fractions)) {
    const before = Number((/(\d+) corners/.exec((await corners(page).textContent()) ?? "") ?? [])[1] ?? 0);
    await (how === "tap" ? page.touchscreen.tap(point.x, point.y) : page.mouse.click(point.x, point.y));
    await expect(corners(page)).toContainText(`${before + 1} corners`);
  }
}

/** Presses a drawing button and waits for the drawing panel, as a farmer waits for it. */
export async function beginDrawing(page: Page, name: "Farm Boundary" | "Add Plot", how: "click" | "tap" = "click") {
  const button = page.getByRole("button", { name, exact: true });
  await (how === "tap" ? button.tap() : button.click());
  // Taps make corners once the drawing tools (fetched when a drawing starts) have arrived.
  await expect(page.locator("[data-drawing][data-drawing-ready]")).toBeVisible();
}
/** A toast's text (its live-region copy for screen readers says it again, with a prefix). */
export const said = (page: Page, text: string) => page.getByText(text, { exact: true });

/**
 * Waits until the service worker has kept the drawing tools (fetched on demand, not with the map),
 * as it does for a first visit's page once it takes charge: drawing then works without signal.
 */
export async function drawToolsKept(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open("asiiko-assets-v1");
          return (await cache.keys()).some((request) => /\/assets\/draw-tools\.client-[^/]+\.js$/.test(request.url));
        }),
      { message: "the drawing tools kept by the service worker" },
    )
    .toBe(true);
}
