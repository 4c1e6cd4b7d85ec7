import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import type en from "~/locales/en.json";
import { expect, hydrated, subscribe, test, withDatabase, type TestUser } from "./fixtures";

// A plot drawn on the map is named 'Plot' and the time it was drawn, as people
// read a time in their language ('Plot 26 Nov 10:15'), never a raw timestamp;
// right after it is saved a field offers to rename it, focused. On a phone.

const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const answerTiles = (context: BrowserContext) =>
  context.route(/arcgisonline\.com|opentopomap\.org|openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: TILE }),
  );

async function makeFarm(user: TestUser, name: string) {
  const id = `e2e_farm_${user.id.slice(-12)}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Farm" (id, "ownerId", name, crops, "centerLat", "centerLng", geohash, "updatedAt") VALUES ($1, $2, $3, '{}', 7.3775, 3.947, 's1dq2xvb8', now())`,
      [id, user.id, name],
    ),
  );
  return id;
}

const plotNames = (user: TestUser) =>
  withDatabase(async (client) =>
    (
      await client.query(
        `SELECT p.name FROM "Plot" p JOIN "Farm" f ON f.id = p."farmId" WHERE f."ownerId" = $1 ORDER BY p."createdAt"`,
        [user.id],
      )
    ).rows.map((row: { name: string }) => row.name),
  );

/** Draws a triangle plot with taps on the map, each corner seen before the next, and finishes it. */
async function drawPlot(page: Page, finish: string, addPlot: string) {
  await page.getByRole("button", { name: addPlot, exact: true }).tap();
  await expect(page.locator("[data-drawing][data-drawing-ready]")).toBeVisible();
  const map = (await page.locator("[data-farm-map]").boundingBox())!;
  const panel = (await page.locator("[data-drawing]").boundingBox())!;
  const top = panel.y + panel.height + 8;
  const bottom = map.y + map.height - 24;
  for (const [index, [x, y]] of (
    [
      [0.3, 0.3],
      [0.6, 0.3],
      [0.45, 0.7],
    ] as const
  ).entries()) {
    await page.touchscreen.tap(map.x + map.width * x, top + (bottom - top) * y);
    await expect(page.locator("[data-farm-map] .leaflet-marker-icon.leaflet-editing-icon")).toHaveCount(index + 1);
  }
  await page.getByRole("button", { name: finish }).tap();
}

test.describe("on a phone with a finger", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("a drawn plot is named by its time, and the focused field renames it", async ({ page, user, context }) => {
    test.setTimeout(120_000);
    await answerTiles(context);
    await subscribe(user);
    const farmId = await makeFarm(user, "Ọja Farm");
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    await page.locator("[data-map-card]").scrollIntoViewIfNeeded();
    await drawPlot(page, "Finish", "Add Plot");
    await expect(page.getByText("Plot created from drawing!", { exact: true })).toBeVisible();

    // 'Plot 27 Nov 16:05': the day, the month's name and the Lagos time, no raw number.
    const field = page.getByLabel("Name the new plot");
    await expect(field).toBeFocused();
    const name = await field.inputValue();
    expect(name).toMatch(/^Plot \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}:\d{2}$/);
    expect(await plotNames(user)).toEqual([name]);
    await expect(page.locator(`[data-plot-row='${name}']`)).toBeVisible();
    const box = (await page.locator("[data-rename-plot]").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "test-results/screens/mapping-rename-360-light.png" });

    // The whole name is selected: typing replaces it.
    await page.keyboard.type("Cassava by the stream");
    await page.getByRole("button", { name: "Save name" }).tap();
    await expect(page.getByText("Plot updated successfully!", { exact: true })).toBeVisible();
    await expect(page.locator("[data-rename-plot]")).toHaveCount(0);
    await expect(page.locator("[data-plot-row='Cassava by the stream']")).toBeVisible();
    expect(await plotNames(user)).toEqual(["Cassava by the stream"]);

    // Another plot, and 'Not now' keeps its time name.
    await drawPlot(page, "Finish", "Add Plot");
    await expect(page.getByLabel("Name the new plot")).toBeFocused();
    const second = await page.getByLabel("Name the new plot").inputValue();
    await page.getByRole("button", { name: "Not now" }).tap();
    await expect(page.locator("[data-rename-plot]")).toHaveCount(0);
    expect(await plotNames(user)).toEqual(["Cassava by the stream", second]);
  });

  test("in Yoruba and in the dark, the name and the field are in Yoruba", async ({ page, user, context, baseURL }) => {
    test.setTimeout(90_000);
    await answerTiles(context);
    await context.addCookies([
      { name: "asiiko-lang", value: "yo", url: baseURL! },
      { name: "asiiko-theme", value: "dark", url: baseURL! },
    ]);
    await subscribe(user);
    const farmId = await makeFarm(user, "Oko Ade");
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    await page.locator("[data-map-card]").scrollIntoViewIfNeeded();
    const yo = JSON.parse(readFileSync("app/locales/yo.json", "utf8")) as typeof en;
    await drawPlot(page, yo.mapping.drawing.finish, yo.mapping.addPlot);
    const field = page.getByLabel(yo.mapping.plots.renameLabel);
    await expect(field).toBeFocused();
    const name = await field.inputValue();
    expect(name).toMatch(/^Ìpín ilẹ̀ \d{1,2} \S+ \d{2}:\d{2}$/);
    expect(name).not.toMatch(/Nov|\d{6,}/);
    await page.screenshot({ path: "test-results/screens/mapping-rename-360-dark-yo.png" });
  });
});
