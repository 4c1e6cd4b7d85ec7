import type { Page } from "@playwright/test";
import { expect, hydrated, squareBoundary, subscribe, test, toast, withDatabase } from "./fixtures";

// Bringing a farm's fields in from a file, as a farmer does with what Google Earth or a GPS device
// saved: choose the file, see the preview (the shapes drawn, each with its area or why it is not
// taken), save, and find the plots on the farm; at 360 px in Hausa in the dark, every word on the screen.

const TILE_HOSTS = /arcgisonline\.com|opentopomap\.org|openstreetmap\.org/;

const ring = (west: number, south: number, side: number) => [
  [west, south],
  [west + side, south],
  [west + side, south + side],
  [west, south + side],
  [west, south],
];
const coordinates = (points: number[][]) => points.map(([lng, lat]) => `${lng},${lat},0`).join(" ");
const placemark = (name: string, points: number[][]) =>
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates(points)}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
const BOW_TIE = [
  [3.3801, 6.5251],
  [3.3806, 6.5256],
  [3.3806, 6.5251],
  [3.3801, 6.5256],
  [3.3801, 6.5251],
];
const KML = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.google.com/kml/2.2"><Document>${[
  placemark("Gonar rogo", ring(3.3795, 6.5245, 0.001)),
  placemark("Filin masara", ring(3.381, 6.5245, 0.0008)),
  placemark("Crossed", BOW_TIE),
].join("")}</Document></kml>`;

async function farmWithBoundary(page: Page) {
  const created = await page.request.post("/api/farms", {
    data: { name: "Gonar Musa", crops: ["Cassava"], boundary: squareBoundary(3.379, 6.524) },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { farm: { id: string } }).farm.id;
}

test.beforeEach(async ({ context }) => {
  await context.route(TILE_HOSTS, (route) => route.abort("internetdisconnected"));
});

test("a KML from Google Earth is previewed with a refused shape's reason, then saved as named plots", async ({
  page,
  user,
}) => {
  await subscribe(user);
  const farmId = await farmWithBoundary(page);
  await page.goto(`/mapping?farm=${farmId}`);
  await hydrated(page);
  await page.locator("[data-import-open]").click();
  const dialog = page.getByRole("dialog", { name: "Import from a file" });
  // The farm has a boundary: the file brings plots unless the farmer says otherwise.
  await expect(dialog.getByLabel("Use the largest shape as this farm's boundary")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose a KML, KMZ or GeoJSON file.");
  await dialog.getByLabel("Boundary file").setInputFiles({
    name: "farm.kml",
    mimeType: "application/vnd.google-earth.kml+xml",
    buffer: Buffer.from(KML),
  });
  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByRole("region", { name: "What the file holds, as it will be saved" });
  await expect(preview.locator("[data-import-shape]")).toHaveCount(3);
  await expect(preview.locator('[data-import-shape="plot"]').first()).toContainText("Gonar rogo");
  await expect(preview.locator('[data-import-shape="refused"]')).toContainText("shape edges cannot cross");
  await expect(preview.locator("[data-import-drawing] polygon")).toHaveCount(4);
  // Nothing is written by the preview.
  const before = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "Plot" WHERE "farmId" = $1`, [farmId]),
  );
  expect(before.rows[0].n).toBe(0);

  await dialog.getByRole("button", { name: "Save 2 plots" }).click();
  await expect(toast(page, "2 plots imported")).toBeVisible();
  await expect(dialog).toBeHidden();
  const plots = await withDatabase((client) =>
    client.query(`SELECT name FROM "Plot" WHERE "farmId" = $1 ORDER BY name`, [farmId]),
  );
  expect(plots.rows.map((row: { name: string }) => row.name)).toEqual(["Filin masara", "Gonar rogo"]);
  await expect(page.locator("[data-farm-details]")).toContainText("2");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the import dialog in Hausa, dark, fits the screen and says why a file is refused", async ({
    page,
    user,
    context,
    baseURL,
  }) => {
    await subscribe(user);
    await context.addCookies([
      { name: "asiiko-lang", value: "ha", url: baseURL! },
      { name: "asiiko-theme", value: "dark", url: baseURL! },
    ]);
    const farmId = await farmWithBoundary(page);
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    await page.locator("[data-import-open]").click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "broken.kmz",
      mimeType: "application/vnd.google-earth.kmz",
      buffer: Buffer.from("PK\u0003\u0004 not really a zip"),
    });
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.getByRole("alert")).toHaveText(
      "Ba a iya karanta wannan fayil a matsayin KML, KMZ ko GeoJSON ba.",
    );
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "farm.kml",
      mimeType: "application/vnd.google-earth.kml+xml",
      buffer: Buffer.from(KML),
    });
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator("[data-import-shape]")).toHaveCount(3);
    await expect(dialog.locator('[data-import-shape="refused"]')).toContainText(
      "gefunan siffa ba za su ketare juna ba",
    );
    // Every line inside the dialog's width.
    const overflowing = await dialog.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [...element.querySelectorAll("*")]
        .filter((child) => child.getBoundingClientRect().right > box.right + 1)
        .map((child) => child.textContent?.slice(0, 40));
    });
    expect(overflowing).toEqual([]);
    await page.screenshot({ path: "test-results/shots/import-ha-360-dark.png", fullPage: false });
  });
});
