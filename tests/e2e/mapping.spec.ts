import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, expect, hydrated, signIn, subscribe, test, withDatabase, type TestUser } from "./fixtures";
import { addCorners, answerTiles, beginDrawing, corners, mapPoints, mapSettled, said, TILE_HOSTS } from "./map-helpers";

// Farm mapping as a farmer does it, on a desktop with a mouse and on a phone
// with a finger: create a farm, draw its boundary and see the area while
// drawing, add plots by drawing and by the dialog, edit and delete one, walk a
// boundary with the phone's GPS, reload and find it all. Map tiles come from
// public servers, which cannot be reached here: their requests are answered
// with a plain tile (or refused, to see the map work without them).

async function farmRows(user: TestUser) {
  return withDatabase(async (client) => {
    const farms = await client.query(`SELECT id, name, "areaHectares", boundary FROM "Farm" WHERE "ownerId" = $1`, [
      user.id,
    ]);
    const plots = await client.query(
      `SELECT p.name, p.type, p."areaHectares", p.geometry FROM "Plot" p JOIN "Farm" f ON f.id = p."farmId" WHERE f."ownerId" = $1 ORDER BY p."createdAt"`,
      [user.id],
    );
    return { farms: farms.rows, plots: plots.rows };
  });
}

async function createFarm(page: Page, name: string, crops: string) {
  await page.getByRole("button", { name: "Create Farm" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Farm" });
  await expect(dialog.getByRole("button", { name: "Create Farm" })).toBeDisabled();
  await dialog.getByLabel("Farm Name").fill(name);
  await dialog.getByLabel("Crops").fill(crops);
  await dialog.getByRole("button", { name: "Create Farm" }).click();
  await expect(said(page, "Farm created successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Closed, as a farmer closes it to see the whole map.
  await page.getByRole("button", { name: "Close" }).last().click();
  await expect(said(page, "Farm created successfully!")).toBeHidden();
  // The new farm is selected and its details shown.
  await expect(page.locator("[data-farm-details]")).toContainText(name);
  await expect(page).toHaveURL(/[?&]farm=/);
}

test.describe("farm mapping on a desktop", () => {
  test.beforeEach(async ({ context }) => answerTiles(context));

  test("create a farm, draw its boundary and a plot, add, edit and delete plots, reload and see them", async ({
    page,
    user,
  }) => {
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Farm Mapping" })).toBeVisible();
    await expect(page.getByText("No farms yet")).toBeVisible();
    // Nothing to draw on before a farm is chosen.
    await expect(page.getByRole("button", { name: "Farm Boundary" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add Plot", exact: true })).toBeDisabled();
    await expect(page.locator("[data-farm-map] .leaflet-tile-loaded").first()).toBeAttached();

    await createFarm(page, "Oko Family Farm", "Cassava, Maize, Yam, Pepper");
    await expect(page.locator("[data-farm-card]")).toContainText("+1 more");
    await expect(page.locator("[data-farm-count]")).toHaveText("1");

    // The boundary: four clicks, the area shown as it grows, closed on the first corner.
    await beginDrawing(page, "Farm Boundary");
    await expect(page.getByRole("button", { name: "Farm Boundary" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add Plot", exact: true })).toBeDisabled();
    const square = await mapPoints(page, [
      [0.2, 0.2],
      [0.8, 0.2],
      [0.8, 0.8],
      [0.2, 0.8],
    ]);
    for (const [index, point] of square.entries()) {
      await page.mouse.click(point.x, point.y);
      await expect(corners(page)).toContainText(`${index + 1} corners`);
    }
    await expect(corners(page)).toContainText(/Area: [\d.,]+ ha/);
    const drawnArea = await corners(page).textContent();
    await page.mouse.click(square[0]!.x, square[0]!.y);
    await expect(said(page, "Farm boundary updated successfully!")).toBeVisible();
    await expect(page.locator("[data-drawing]")).toBeHidden();
    const { farms } = await farmRows(user);
    expect(farms).toHaveLength(1);
    expect(farms[0].boundary.geometry.coordinates[0]).toHaveLength(5);
    expect(farms[0].areaHectares).toBeGreaterThan(0);
    // The area the page showed while drawing is the one the server measured.
    const shown = await page.locator("[data-farm-area]").textContent();
    expect(drawnArea).toContain(shown!.split(" (")[0]);

    // A plot by drawing, inside the farm: finished with the Finish button.
    await beginDrawing(page, "Add Plot");
    await addCorners(page, [
      [0.3, 0.3],
      [0.5, 0.3],
      [0.5, 0.5],
      [0.3, 0.5],
    ]);
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(said(page, "Plot created from drawing!")).toBeVisible();
    await expect(page.locator("[data-plot-row^='Plot ']")).toContainText("Field");

    // A plot by the dialog.
    await page.getByRole("button", { name: "Add New Plot" }).click();
    const add = page.getByRole("dialog", { name: "Add New Plot" });
    await expect(add.getByRole("button", { name: "Create Plot" })).toBeDisabled();
    await add.getByLabel("Plot Name").fill("Fish pond");
    await add.getByLabel("Plot Type").selectOption("pond");
    await add.getByLabel("Crops").fill("Catfish, Tilapia, Carp");
    await add.getByRole("button", { name: "Create Plot" }).click();
    await expect(said(page, "Plot created successfully!")).toBeVisible();
    const pond = page.locator("[data-plot-row='Fish pond']");
    await expect(pond).toContainText("Pond");
    await expect(pond).toContainText("+1 more");

    // Edit it, then delete the drawn one.
    await page.getByRole("button", { name: "Edit plot Fish pond" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Plot" });
    await expect(edit.getByLabel("Plot Name")).toHaveValue("Fish pond");
    await edit.getByLabel("Plot Name").fill("Catfish pond");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(said(page, "Plot updated successfully!")).toBeVisible();
    await expect(page.locator("[data-plot-row='Catfish pond']")).toBeVisible();
    const drawnName = (await page.locator("[data-plot-row^='Plot ']").getAttribute("data-plot-row"))!;
    await page.getByRole("button", { name: `Delete plot ${drawnName}` }).click();
    await page.getByRole("dialog", { name: "Delete Plot" }).getByRole("button", { name: "Delete Plot" }).click();
    await expect(said(page, "Plot deleted successfully!")).toBeVisible();
    await expect(page.locator(`[data-plot-row='${drawnName}']`)).toBeHidden();

    // A reload keeps the chosen farm, its boundary and its plots.
    await page.reload();
    await hydrated(page);
    await expect(page.locator("[data-farm-details]")).toContainText("Oko Family Farm");
    await expect(page.locator("[data-farm-area]")).toHaveText(shown!);
    await expect(page.locator("[data-plot-row='Catfish pond']")).toBeVisible();
    await expect(page.locator("[data-farm-map] svg path")).not.toHaveCount(0);
    const rows = await farmRows(user);
    expect(rows.plots.map((plot: { name: string }) => plot.name)).toEqual(["Catfish pond"]);
  });

  test("a shape whose edges cross is refused with the specification's words, and nothing is saved", async ({
    page,
    user,
  }) => {
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await createFarm(page, "Bow Farm", "Sorghum");
    await beginDrawing(page, "Farm Boundary");
    await addCorners(page, [
      [0.2, 0.2],
      [0.8, 0.8],
      [0.8, 0.2],
    ]);
    const [crossing] = await mapPoints(page, [[0.2, 0.8]]);
    await page.mouse.click(crossing!.x, crossing!.y);
    await expect(said(page, "shape edges cannot cross")).toBeVisible();
    await expect(corners(page)).toContainText("3 corners");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator("[data-drawing]")).toBeHidden();
    await expect(page.getByRole("button", { name: "Farm Boundary" })).toBeEnabled();
    expect((await farmRows(user)).farms[0].boundary).toBeNull();
  });

  test("edit a farm's name, description and crops, then delete it with its plots", async ({ page, user }) => {
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await createFarm(page, "First Name Farm", "Yam, Maize");
    await page.getByRole("button", { name: "Edit Farm" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Farm" });
    await expect(edit.getByLabel("Farm Name")).toHaveValue("First Name Farm");
    await expect(edit.getByLabel("Crops")).toHaveValue("Yam, Maize");
    await edit.getByLabel("Farm Name").fill("Second Name Farm");
    await edit.getByLabel("Description").fill("By the river");
    await edit.getByLabel("Crops").fill("Rice");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(said(page, "Farm updated successfully!")).toBeVisible();
    await expect(page.locator("[data-farm-details]")).toContainText("Second Name Farm");
    await expect(page.locator("[data-farm-details]")).toContainText("By the river");
    await expect(page.locator("[data-farm-card]")).toContainText("Rice");

    // A name of 100 characters is refused on the field, and the dialog stays open.
    await page.getByRole("button", { name: "Edit Farm" }).click();
    await edit.getByLabel("Farm Name").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
    await edit.getByLabel("Farm Name").fill("F".repeat(100));
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByText("Farm name must be under 100 characters")).toBeVisible();
    await edit.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Delete Farm" }).click();
    await page.getByRole("dialog", { name: "Delete Farm" }).getByRole("button", { name: "Delete Farm" }).click();
    await expect(said(page, "Farm deleted successfully!")).toBeVisible();
    await expect(page.getByText("No farms yet")).toBeVisible();
    await expect(page).not.toHaveURL(/farm=/);
    expect((await farmRows(user)).farms).toEqual([]);
  });

  test("the plot dialog says under Crops which crop is refused, and sends the plot once it is fixed", async ({
    page,
    user,
  }) => {
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await createFarm(page, "Crop Farm", "Yam");
    await page.getByRole("button", { name: "Add New Plot" }).click();
    const add = page.getByRole("dialog", { name: "Add New Plot" });
    await add.getByLabel("Plot Name").fill("Fish pond");
    await add.getByLabel("Crops").fill(`Catfish, ${"x".repeat(61)}`);
    await add.getByLabel("Plot Name").press("Enter");
    await expect(add.getByText("Each crop name must be 1 to 60 characters")).toBeVisible();
    await expect(add.getByLabel("Crops")).toHaveAttribute("aria-invalid", "true");
    expect((await farmRows(user)).plots).toEqual([]);
    // Checked again as the farmer types: the message goes as soon as the crop is right.
    await add.getByLabel("Crops").fill("Catfish, Tilapia");
    await expect(add.getByText("Each crop name must be 1 to 60 characters")).toBeHidden();
    await add.getByLabel("Plot Name").press("Enter");
    await expect(said(page, "Plot created successfully!")).toBeVisible();
    await expect(page.locator("[data-plot-row='Fish pond']")).toContainText("Tilapia");
  });

  test("a plot drawn outside the farm is refused by the server, and the page says why", async ({ page, user }) => {
    await subscribe(user);
    const farmId = `e2e_farm_${randomUUID()}`;
    // A small farm (about 1 ha) well inside the default view, far from where the plot is drawn.
    const ring = [
      [3.3787, 6.5239],
      [3.3797, 6.5239],
      [3.3797, 6.5249],
      [3.3787, 6.5249],
      [3.3787, 6.5239],
    ];
    await withDatabase((client) =>
      client.query(
        `INSERT INTO "Farm" (id, "ownerId", name, crops, "centerLat", "centerLng", boundary, "areaHectares", geohash, "updatedAt") VALUES ($1, $2, 'Small Farm', '{}', 6.5244, 3.3792, $3, 1.2, 's1', now())`,
        [
          farmId,
          user.id,
          JSON.stringify({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } }),
        ],
      ),
    );
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    // The map draws the farm and flies to its box; a farmer taps once it has arrived (on a busy
    // machine a tap during the flight is part of the flight, not a corner).
    await expect(page.locator("[data-farm-map] svg path").first()).toBeAttached();
    await mapSettled(page);
    await beginDrawing(page, "Add Plot");
    // The map shows the farm fitted to its box: the plot goes in a corner of the map, outside it.
    await addCorners(page, [
      [0.02, 0.02],
      [0.12, 0.02],
      [0.07, 0.12],
    ]);
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(said(page, "Failed to create plot from drawing")).toBeVisible();
    await expect(said(page, "The plot must lie inside the farm boundary")).toBeVisible();
    expect((await farmRows(user)).plots).toEqual([]);
  });

  test("a plot's name shows in its map tooltip as the farmer typed it, never as markup", async ({ page, user }) => {
    await subscribe(user);
    const farmId = `e2e_farm_${randomUUID()}`;
    const name = `<img src=x onerror="window.__pwned=1">`;
    const square = (west: number, south: number, side: number) => ({
      type: "Feature",
      properties: {},
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [west, south],
            [west + side, south],
            [west + side, south + side],
            [west, south + side],
            [west, south],
          ],
        ],
      },
    });
    await withDatabase(async (client) => {
      await client.query(
        `INSERT INTO "Farm" (id, "ownerId", name, crops, "centerLat", "centerLng", boundary, "areaHectares", geohash, "updatedAt") VALUES ($1, $2, 'Hall Farm', '{}', 6.5244, 3.3792, $3, 1.2, 's1', now())`,
        [farmId, user.id, JSON.stringify(square(3.3787, 6.5239, 0.001))],
      );
      await client.query(
        `INSERT INTO "Plot" (id, "farmId", name, geometry, "centroidLat", "centroidLng", "areaHectares", "updatedAt") VALUES ($1, $2, $3, $4, 6.5244, 3.3792, 0.3, now())`,
        [`e2e_plot_${randomUUID()}`, farmId, name, JSON.stringify(square(3.379, 6.5242, 0.0004))],
      );
    });
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    const plot = page.locator("[data-farm-map] path.leaflet-interactive");
    await expect(plot).toHaveCount(1);
    await mapSettled(page);
    await plot.hover();
    const tooltip = page.locator("[data-farm-map] .leaflet-tooltip");
    await expect(tooltip).toHaveText(name);
    await expect(tooltip.locator("img")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("without tiles the map still draws on a plain background and says why", async ({ page, user, context }) => {
    await context.unroute(TILE_HOSTS);
    await answerTiles(context, "refuse");
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await expect(page.locator("[data-tiles-offline]")).toBeVisible();
    await createFarm(page, "Offline Farm", "Yam");
    await beginDrawing(page, "Farm Boundary");
    await addCorners(page, [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
    ]);
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(said(page, "Farm boundary updated successfully!")).toBeVisible();
  });

  test("a user without farm mapping sees the gate, and their farms stay listed for export", async ({ page, user }) => {
    await withDatabase(async (client) => {
      await client.query(`UPDATE "User" SET "createdAt" = now() - interval '3 days' WHERE id = $1`, [user.id]);
      await client.query(
        `INSERT INTO "Farm" (id, "ownerId", name, crops, "centerLat", "centerLng", geohash, "updatedAt") VALUES ($1, $2, 'Kept Farm', '{Yam}', 7.5, 3.9, 's1', now())`,
        [`e2e_farm_${randomUUID()}`, user.id],
      );
    });
    await page.goto("/mapping");
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Interactive Farm Mapping" })).toBeVisible();
    await expect(page.locator("[data-farm-map]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Export GeoJSON" })).toHaveAttribute(
      "href",
      /\/api\/farms\/e2e_farm_.+\/export/,
    );
  });
});

test.describe("farm mapping on a phone with a finger", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("taps draw a boundary and a plot with no duplicate corner, a drag adds none, and the page still scrolls", async ({
    page,
    user,
    context,
  }) => {
    await answerTiles(context);
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await createFarm(page, "Phone Farm", "Cassava");
    await page.locator("[data-map-card]").scrollIntoViewIfNeeded();

    await beginDrawing(page, "Farm Boundary", "tap");
    const square = await mapPoints(page, [
      [0.1, 0.15],
      [0.7, 0.15],
      [0.7, 0.85],
      [0.1, 0.85],
    ]);
    await page.touchscreen.tap(square[0]!.x, square[0]!.y);
    await expect(corners(page)).toContainText("1 corners");
    // A finger dragging the map to pan it adds no corner (and does pan it).
    const firstCorner = page.locator("[data-farm-map] .leaflet-marker-icon.leaflet-editing-icon").first();
    const beforeDrag = (await firstCorner.boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const from = square[1]!;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: from.x + step * 4, y: from.y + step * 3 }],
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await mapSettled(page);
    await expect(corners(page)).toContainText("1 corners");
    expect((await firstCorner.boundingBox())!.x - beforeDrag.x).toBeGreaterThan(10);
    // The map moved: take the corners where they are now.
    const now = await mapPoints(page, [
      [0.1, 0.15],
      [0.7, 0.15],
      [0.7, 0.85],
      [0.1, 0.85],
    ]);
    for (const [index, point] of now.slice(1).entries()) {
      await page.touchscreen.tap(point.x, point.y);
      await expect(corners(page)).toContainText(`${index + 2} corners`);
    }
    await expect(corners(page)).toContainText(/Area: [\d.,]+ ha/);
    // Tapping the first corner closes the shape.
    const first = page.locator("[data-farm-map] .leaflet-marker-icon.leaflet-editing-icon").first();
    const firstBox = (await first.boundingBox())!;
    await page.touchscreen.tap(firstBox.x + firstBox.width / 2, firstBox.y + firstBox.height / 2);
    await expect(said(page, "Farm boundary updated successfully!")).toBeVisible();
    const { farms } = await farmRows(user);
    // Four corners and the closing one: no corner twice.
    expect(farms[0].boundary.geometry.coordinates[0]).toHaveLength(5);

    // A plot, tapped inside the farm and finished with the button.
    await beginDrawing(page, "Add Plot", "tap");
    await addCorners(
      page,
      [
        [0.4, 0.4],
        [0.6, 0.4],
        [0.5, 0.6],
      ],
      "tap",
    );
    await expect(corners(page)).toContainText("3 corners");
    await page.getByRole("button", { name: "Finish" }).tap();
    await expect(said(page, "Plot created from drawing!")).toBeVisible();
    const { plots } = await farmRows(user);
    expect(plots).toHaveLength(1);
    expect(plots[0].geometry.geometry.coordinates[0]).toHaveLength(4);

    // Touch elsewhere on the page still works: dialogs and the plots panel's buttons answer taps.
    await page.getByRole("button", { name: /^Edit plot / }).tap();
    const edit = page.getByRole("dialog", { name: "Edit Plot" });
    await edit.getByLabel("Plot Name").fill("Cassava strip");
    await edit.getByRole("button", { name: "Save Changes" }).tap();
    await expect(said(page, "Plot updated successfully!")).toBeVisible();
    await page.getByRole("button", { name: "Add New Plot" }).tap();
    const add = page.getByRole("dialog", { name: "Add New Plot" });
    await add.getByLabel("Plot Name").fill("Goat pen");
    await add.getByLabel("Plot Type").selectOption("pen");
    await add.getByRole("button", { name: "Create Plot" }).tap();
    await expect(said(page, "Plot created successfully!")).toBeVisible();
    await page.getByRole("button", { name: "Delete plot Cassava strip" }).tap();
    await page.getByRole("dialog", { name: "Delete Plot" }).getByRole("button", { name: "Delete Plot" }).tap();
    await expect(said(page, "Plot deleted successfully!")).toBeVisible();

    await page.reload();
    await hydrated(page);
    await expect(page.locator("[data-farm-details]")).toContainText("Phone Farm");
    await expect(page.locator("[data-plot-row='Goat pen']")).toContainText("Pen");
    await expect(page.locator("[data-plot-row='Cassava strip']")).toHaveCount(0);
    await expect(page.locator("[data-farm-map] svg path")).not.toHaveCount(0);
  });

  test("walk the boundary with the phone's GPS and save it", async ({ page, user, context }) => {
    await answerTiles(context);
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 7.52, longitude: 3.91, accuracy: 5 });
    await subscribe(user);
    await page.goto("/mapping");
    await hydrated(page);
    await createFarm(page, "Walked Farm", "Maize");

    await page.getByRole("button", { name: "Walk Boundary" }).tap();
    const walk = page.locator("[data-walk]");
    await expect(walk).toContainText("1 points recorded");
    await expect(walk).toContainText("GPS accuracy: ±5 m");
    // About 55 m a side; a jitter of a metre is not a corner.
    const path = [
      [7.52, 3.9105],
      [7.52001, 3.9105],
      [7.5205, 3.9105],
      [7.5205, 3.91],
    ];
    let kept = 1;
    for (const [latitude, longitude] of path) {
      await context.setGeolocation({ latitude: latitude!, longitude: longitude!, accuracy: 5 });
      if (!(latitude === 7.52001)) kept += 1;
      await expect(walk).toContainText(`${kept} points recorded`);
    }
    // A poor fix is shown, not kept.
    await context.setGeolocation({ latitude: 7.5203, longitude: 3.9102, accuracy: 80 });
    await expect(walk).toContainText("Waiting for a better GPS signal (±80 m)");
    await expect(walk).toContainText(`${kept} points recorded`);
    await expect(walk).toContainText(/Area: [\d.,]+ ha/);
    await walk.getByRole("button", { name: "Save Boundary" }).tap();
    await expect(said(page, "Farm boundary updated successfully!")).toBeVisible();
    await expect(walk).toBeHidden();
    const { farms } = await farmRows(user);
    expect(farms[0].boundary.geometry.coordinates[0]).toHaveLength(5);
    // About 55 m by 55 m.
    expect(farms[0].areaHectares).toBeGreaterThan(0.25);
    expect(farms[0].areaHectares).toBeLessThan(0.35);
    await page.reload();
    await hydrated(page);
    await expect(page.locator("[data-farm-area]")).toContainText("ha");
  });
});

test("a trial user is asked before creating a farm spends the trial, once", async ({ page, baseURL, context }) => {
  await answerTiles(context);
  const user = await createUser();
  await signIn(page, user, baseURL!);
  const trialSpent = async () =>
    withDatabase(async (client) => {
      const { rows } = await client.query(`SELECT "firstPremiumUseAt" FROM "User" WHERE id = $1`, [user.id]);
      return rows[0]?.firstPremiumUseAt !== null;
    });
  try {
    await page.goto("/mapping");
    await hydrated(page);
    // Creating a farm is a use of farm mapping (as through the API): the trial's, so it is asked first.
    await page.getByRole("button", { name: "Create Farm" }).first().click();
    const confirm = page.getByRole("dialog", { name: "Use your free trial?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Farm" })).toHaveCount(0);
    expect(await trialSpent()).toBe(false);

    await page.getByRole("button", { name: "Create Farm" }).first().click();
    await confirm.getByRole("button", { name: "Yes, use my trial" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Farm" });
    await dialog.getByLabel("Farm Name").fill("Trial Farm");
    await dialog.getByRole("button", { name: "Create Farm" }).click();
    await expect(said(page, "Farm created successfully!")).toBeVisible();
    // The new farm is selected without asking again: the trial went to farm mapping, which stays open.
    await expect(page.locator("[data-farm-details]")).toContainText("Trial Farm");
    await expect(confirm).toHaveCount(0);
    expect(await trialSpent()).toBe(true);
    // The trial went to farm mapping, which stays open for its day: the boundary can be drawn.
    await beginDrawing(page, "Farm Boundary");
    await addCorners(page, [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
    ]);
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(said(page, "Farm boundary updated successfully!")).toBeVisible();
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  }
});
