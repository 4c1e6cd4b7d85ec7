import { expect, hydrated, subscribe, test, withDatabase, type TestUser } from "./fixtures";
import { addCorners, answerTiles, beginDrawing, drawToolsKept, mapSettled, said } from "./map-helpers";

// Drawing where there is no signal, as a farmer does at the far end of the farm: the map keeps
// working, the drawn plot is kept on the phone and shown as waiting, and when the signal returns
// it is sent (once) and becomes a plot; a plot the server refuses (outside the farm) is shown with
// the server's reason, and can be deleted.

async function plotNames(user: TestUser) {
  const rows = await withDatabase((client) =>
    client.query(
      `SELECT p.name FROM "Plot" p JOIN "Farm" f ON f.id = p."farmId" WHERE f."ownerId" = $1 ORDER BY p."createdAt"`,
      [user.id],
    ),
  );
  return rows.rows.map((row: { name: string }) => row.name);
}

test("a plot drawn without signal waits on the phone and is sent once when the signal returns", async ({
  page,
  context,
  user,
}) => {
  await answerTiles(context);
  await subscribe(user);
  // A wide farm (about 2.2 km by 1 km): fitted to the map's width, the map's middle is in it and
  // its top and bottom edges are outside it.
  const ring = [
    [3.37, 6.52],
    [3.39, 6.52],
    [3.39, 6.529],
    [3.37, 6.529],
    [3.37, 6.52],
  ];
  const created = await page.request.post("/api/farms", {
    data: {
      name: "Oko Field Farm",
      crops: ["Maize"],
      boundary: { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } },
    },
  });
  expect(created.status()).toBe(201);
  const { farm } = (await created.json()) as { farm: { id: string } };
  await page.goto(`/mapping?farm=${farm.id}`);
  await hydrated(page);
  await expect(page.locator("[data-farm-map] svg path").first()).toBeAttached();
  await mapSettled(page);
  // A first visit: the worker, in charge once the page has loaded, keeps the page's drawing tools.
  await drawToolsKept(page);

  await context.setOffline(true);
  // The page says it is offline (its banner moves the page down); the farmer waits for the map to be still.
  await expect(page.getByText("You are offline.", { exact: false }).first()).toBeVisible();
  await mapSettled(page);
  await beginDrawing(page, "Add Plot");
  await addCorners(page, [
    [0.45, 0.26],
    [0.55, 0.26],
    [0.5, 0.38],
  ]);
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(said(page, "Saved on this phone")).toBeVisible();
  const outbox = page.locator("[data-field-outbox]");
  await expect(outbox.locator('[data-field-change="waiting"]')).toHaveCount(1);
  await expect(outbox).toContainText("1 change waiting for signal");
  await expect(page.locator("path.asiiko-waiting-shape")).toHaveCount(1);
  expect(await plotNames(user)).toEqual([]);

  // A second one, at the map's bottom edge, outside the narrow farm: the server will refuse it.
  await beginDrawing(page, "Add Plot");
  await addCorners(page, [
    [0.1, 0.9],
    [0.2, 0.9],
    [0.15, 0.98],
  ]);
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(outbox.locator('[data-field-change="waiting"]')).toHaveCount(2);

  await context.setOffline(false);
  await expect(outbox.locator('[data-field-change="sent"]')).toHaveCount(1);
  const refused = outbox.locator('[data-field-change="refused"]');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("The plot must lie inside the farm boundary");
  await expect(outbox).toContainText("Everything kept here has been sent or answered.");
  // The sent plot is on the farm, once; the page shows it.
  await expect.poll(() => plotNames(user)).toHaveLength(1);
  await expect(page.locator("[data-farm-details]")).toContainText("1");
  // A reload sends nothing again.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-field-change="sent"]')).toHaveCount(1);
  expect(await plotNames(user)).toHaveLength(1);
  // The refused one can be deleted.
  await page.locator('[data-field-change="refused"]').getByRole("button", { name: "Delete this change" }).click();
  await expect(page.locator('[data-field-change="refused"]')).toHaveCount(0);
});
