import { expect, hydrated, squareBoundary, subscribe, test } from "./fixtures";
import { answerTiles, mapSettled } from "./map-helpers";

// A farm's map kept for a day without signal: the terrain tiles come from a source whose terms
// allow keeping them (tests/setup/e2e-server.ts serves them locally); "Keep this farm offline" says
// how much it will download, downloads with progress, and after the connection goes the page,
// opened again, still shows the farm on its map tiles.

test("keep a farm's map offline, then see it without signal", async ({ page, context, user }) => {
  await answerTiles(context);
  await subscribe(user);
  const created = await page.request.post("/api/farms", {
    data: { name: "Oko Offline", crops: ["Yam"], boundary: squareBoundary(3.379, 6.524) },
  });
  expect(created.status()).toBe(201);
  const { farm } = (await created.json()) as { farm: { id: string } };
  await page.goto(`/mapping?farm=${farm.id}`);
  await hydrated(page);
  // The first visit installs the service worker; from the next, it keeps the page and its code.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const panel = page.locator("[data-offline-map]");
  await expect(panel).toContainText("No map tiles of this farm are on this phone yet.");

  await page.getByRole("tab", { name: "Terrain" }).click();
  // The tiles looked at over the farm are kept as they come.
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const name = `asiiko-tiles-seen-${id}`;
        return (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0;
      }, farm.id),
    )
    .toBeGreaterThan(0);
  await panel.getByRole("button", { name: "Keep this farm offline" }).click();
  const ask = panel.locator("[data-offline-ask]");
  await expect(ask).toContainText(/About [\d.]+ MB \(\d+ map tiles\) for field work around this farm/);
  await expect(ask).toContainText("Map source: Test terrain tiles.");
  const planned = Number(/\((\d+) map tiles\)/.exec((await ask.textContent()) ?? "")?.[1]);
  expect(planned).toBeGreaterThan(10);
  await ask.getByRole("button", { name: "Download" }).click();
  await expect(panel).toContainText(/Available offline: [\d,]+ map tiles of this farm/);
  expect(Number(await panel.locator("[data-offline-tiles]").getAttribute("data-offline-tiles"))).toBeGreaterThanOrEqual(
    planned,
  );

  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(page.locator("[data-farm-details]")).toContainText("Oko Offline");
  await page.getByRole("tab", { name: "Terrain" }).click();
  await mapSettled(page);
  await expect(page.locator("[data-farm-map] img.leaflet-tile-loaded").first()).toBeVisible();
  await expect(page.getByText("Map images cannot be loaded now.", { exact: false })).toBeHidden();
  await context.setOffline(false);
});
