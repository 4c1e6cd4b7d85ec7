import type { Page } from "@playwright/test";
import { leafPhoto } from "../support/leaf-photos";
import { expect, hydrated, subscribe, test, toast, withDatabase, type TestUser } from "./fixtures";

// A photo for Asiiko AI taken where there is no signal: kept on the phone and shown as waiting,
// sent when the connection returns (once), then analysed as any other; a trial's one use is
// counted only then, when the server has the photo.

async function analyses(user: TestUser) {
  const rows = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "Analysis" WHERE "userId" = $1`, [user.id]),
  );
  return rows.rows[0].n as number;
}

async function uses(user: TestUser) {
  const rows = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "PremiumFeatureUse" WHERE "userId" = $1`, [user.id]),
  );
  return rows.rows[0].n as number;
}

async function photoWithoutSignal(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByText("You are offline.", { exact: false }).first()).toBeVisible();
  await page
    .getByRole("tabpanel", { name: "Crop Health" })
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: await leafPhoto("spotted") });
}

test("a photo taken without signal waits on the phone and is analysed once when the signal returns", async ({
  page,
  user,
}) => {
  await subscribe(user);
  await page.goto("/asiiko");
  await hydrated(page);
  await photoWithoutSignal(page);
  await expect(toast(page, "Saved on this phone")).toBeVisible();
  const waiting = page.locator("[data-waiting-photos]");
  await expect(waiting.locator('[data-waiting-photo="waiting"]')).toHaveCount(1);
  await expect(waiting).toContainText("1 photo will be sent when the connection returns");
  // Drawn from the photo the phone holds, not a broken image.
  await expect
    .poll(() => waiting.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  expect(await analyses(user)).toBe(0);

  await page.context().setOffline(false);
  await expect(toast(page, "1 photo sent: its analysis is under way")).toBeVisible();
  await expect(page.locator("[data-waiting-photos]")).toHaveCount(0);
  await expect.poll(() => analyses(user)).toBe(1);
  await expect(page.locator("[data-analysis]").first()).toContainText("Crop Health");
  // Opened again: nothing is sent twice.
  await page.reload();
  await hydrated(page);
  await expect(page.locator("[data-waiting-photos]")).toHaveCount(0);
  expect(await analyses(user)).toBe(1);
});

test("a trial's use is counted when the kept photo is sent and accepted, not when it is taken", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/asiiko");
  await hydrated(page);
  await photoWithoutSignal(page);
  await page
    .getByRole("dialog", { name: "Use your free trial?" })
    .getByRole("button", { name: "Yes, use my trial" })
    .click();
  await expect(toast(page, "Saved on this phone")).toBeVisible();
  expect(await uses(user)).toBe(0);
  expect(await analyses(user)).toBe(0);
  await page.context().setOffline(false);
  await expect.poll(() => analyses(user)).toBe(1);
  await expect.poll(() => uses(user)).toBeGreaterThan(0);
});
