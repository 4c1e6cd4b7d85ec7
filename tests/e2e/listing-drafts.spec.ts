import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, test, toast, withDatabase, type TestUser } from "./fixtures";
import { keepMyListings } from "./offline-helpers";
import { unreadable } from "./unreadable";

// A listing written where there is no signal: kept on the phone as a draft with its photo,
// listed on My Listings, editable and deletable there, and sent when the connection returns
// (photo first, then the listing, once); a draft the server refuses shows the reason and can be
// mended and sent again.

const PHONE = { width: 360, height: 740 };

async function listingsOf(user: TestUser) {
  const rows = await withDatabase((client) =>
    client.query<{ priceNgn: string; images: string[] }>(
      `SELECT "priceNgn"::text AS "priceNgn", images FROM "Listing" WHERE "sellerId" = $1`,
      [user.id],
    ),
  );
  return rows.rows;
}

/** Whether an image is drawn, not only there (a photo the page may not load shows as broken). */
const shown = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

const farmPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7d44" } })
    .jpeg()
    .toBuffer();

async function writeOffline(page: Page, fill: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>) {
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(dialog.locator("[data-keeps-draft]")).toContainText("No signal: the listing will be kept on this phone");
  await fill(dialog);
  await dialog.getByRole("button", { name: "Keep as Draft" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Kept on this phone: it will be sent when the connection returns")).toBeVisible();
}

test("a listing written without signal waits as a draft with its photo, can be edited, and is sent once", async ({
  page,
  context,
  user,
}) => {
  await page.setViewportSize(PHONE);
  await keepMyListings(page);
  await context.setOffline(true);
  await expect(page.getByText("You are offline.", { exact: false }).first()).toBeVisible();

  await writeOffline(page, async (dialog) => {
    await dialog.getByLabel("Product", { exact: true }).selectOption({ label: "White Maize" });
    await dialog.getByLabel("Price (NGN)").fill("30000");
    await dialog.getByLabel("Quantity").fill("5");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "maize.jpg", mimeType: "image/jpeg", buffer: await farmPhoto() });
    // The photo stays on the phone, shown with the others, and counts as the listing's photo.
    await expect(dialog.locator("[data-kept-photo] img")).toHaveCount(1);
    await expect.poll(() => shown(dialog.locator("[data-kept-photo] img"))).toBe(true);
    await expect(dialog.getByText("No signal: the photo is kept on this phone")).toBeVisible();
  });

  const drafts = page.locator("[data-listing-drafts]");
  await expect(drafts).toContainText("Drafts on this phone");
  await expect(drafts).toContainText("1 listing will be sent when the connection returns");
  const draft = drafts.locator('[data-listing-draft="waiting"]');
  await expect(draft).toHaveCount(1);
  await expect(draft).toContainText("White Maize");
  await expect(draft).toContainText("₦30,000");
  await expect.poll(() => shown(draft.locator("img"))).toBe(true);
  expect(await listingsOf(user)).toEqual([]);

  // Still offline, the seller changes the price: the draft is kept again, not doubled.
  await draft.getByRole("button", { name: "Edit the draft White Maize" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Draft" });
  await expect(edit.getByLabel("Price (NGN)")).toHaveValue("30000");
  await expect(edit.getByLabel("Quantity")).toHaveValue("5");
  await expect(edit.locator("[data-kept-photo]")).toHaveCount(1);
  await edit.getByLabel("Price (NGN)").fill("32000");
  await edit.getByRole("button", { name: "Keep as Draft" }).click();
  await expect(edit).toBeHidden();
  await expect(drafts.locator("[data-listing-draft]")).toHaveCount(1);
  await expect(drafts).toContainText("₦32,000");

  await context.setOffline(false);
  await expect(toast(page, "1 draft listing sent: buyers can see it now")).toBeVisible();
  await expect(page.locator("[data-listing-drafts]")).toHaveCount(0);
  const card = page.getByRole("article", { name: "White Maize" });
  await expect(card).toContainText("₦32,000");
  const made = await listingsOf(user);
  expect(made).toHaveLength(1);
  expect(made[0]!.priceNgn).toBe("32000.00");
  // The photo went up first and is the listing's own processed upload.
  expect(made[0]!.images).toHaveLength(1);
  expect(made[0]!.images[0]).toMatch(/^\/uploads\/.+\/800\.webp$/);

  // Opened again: nothing waits, nothing is sent twice.
  await page.reload();
  await hydrated(page);
  await expect(page.locator("[data-listing-drafts]")).toHaveCount(0);
  expect(await listingsOf(user)).toHaveLength(1);
});

test("a draft the server refuses shows why; mended, it is sent; a draft can be deleted", async ({
  page,
  context,
  user,
}) => {
  await keepMyListings(page);
  await context.setOffline(true);

  // A "photo" the server cannot read as one: refused when it is sent.
  await writeOffline(page, async (dialog) => {
    await dialog.getByLabel("Something not in the list").check();
    await dialog.getByLabel("What are you selling?").fill("Dried hibiscus leaves");
    await dialog.getByLabel("Price (NGN)").fill("1500");
    await dialog
      .locator("input[type=file]")
      .setInputFiles({ name: "leaves.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await expect(dialog.locator("[data-kept-photo]")).toHaveCount(1);
  });
  // A second draft, thought better of: deleted through the confirmation, it is never sent.
  await writeOffline(page, async (dialog) => {
    await dialog.getByLabel("Product", { exact: true }).selectOption({ label: "White Maize" });
    await dialog.getByLabel("Price (NGN)").fill("45000");
    await dialog.getByLabel("Product Images").fill("/images/products/maize.svg");
    await dialog.getByLabel("Product Images").press("Enter");
  });
  const drafts = page.locator("[data-listing-drafts]");
  await expect(drafts.locator("[data-listing-draft]")).toHaveCount(2);
  await drafts.getByRole("button", { name: "Delete the draft White Maize" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this draft?" });
  await expect(confirm).toContainText("only on this phone");
  await confirm.getByRole("button", { name: "Delete Draft" }).click();
  await expect(drafts.locator("[data-listing-draft]")).toHaveCount(1);

  await context.setOffline(false);
  const refused = drafts.locator('[data-listing-draft="refused"]');
  await expect(refused).toContainText("Dried hibiscus leaves");
  await expect(refused).toContainText("Refused");
  await expect(refused).toContainText("Only JPG, PNG or WebP images are accepted");
  await expect(drafts).toContainText("Nothing waiting: edit or delete the refused ones");
  expect(await listingsOf(user)).toEqual([]);

  // Mended with the signal back: the unreadable photo swapped for a real one, then sent.
  await refused.getByRole("button", { name: "Edit the draft Dried hibiscus leaves" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Draft" });
  await expect(edit.getByLabel("What are you selling?")).toHaveValue("Dried hibiscus leaves");
  await edit.locator("[data-kept-photo]").getByRole("button", { name: "Remove image" }).click();
  await edit
    .locator("input[type=file]")
    .setInputFiles({ name: "leaves.jpg", mimeType: "image/jpeg", buffer: await farmPhoto() });
  await expect(edit.locator("li img[src^='/uploads/']")).toHaveCount(1, { timeout: 20_000 });
  await edit.getByRole("button", { name: "Save and Send" }).click();
  await expect(toast(page, "1 draft listing sent: buyers can see it now")).toBeVisible();
  await expect(page.locator("[data-listing-drafts]")).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Dried hibiscus leaves" })).toBeVisible();
  const made = await listingsOf(user);
  expect(made).toHaveLength(1);
  expect(made[0]!.priceNgn).toBe("1500.00");
});

type Texts = { myListings: { create: string }; listing: { drafts: { keep: string } } };
const textsOf = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../app/locales/${language}.json`, import.meta.url), "utf8")) as Texts;

test.describe("on a 360 px phone in the dark", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const language of ["ha", "yo"]) {
    test(`the form without signal and the drafts read whole in ${language}`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      void user;
      const t = textsOf(language);
      await context.addCookies([
        { name: "asiiko-lang", value: language, url: baseURL! },
        { name: "asiiko-theme", value: "dark", url: baseURL! },
      ]);
      await keepMyListings(page);
      await context.setOffline(true);
      await page.getByRole("button", { name: t.myListings.create, exact: true }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.locator('select[name="productId"]').selectOption({ index: 1 });
      await dialog.locator('input[name="priceNgn"]').fill("30000");
      await dialog
        .locator("input[type=file]")
        .setInputFiles({ name: "maize.jpg", mimeType: "image/jpeg", buffer: await farmPhoto() });
      await expect(dialog.locator("[data-kept-photo] img")).toHaveCount(1);
      await expect(dialog.locator("[data-keeps-draft]")).toBeVisible();
      expect(await unreadable(page)).toEqual([]);
      await dialog.screenshot({ path: `test-results/shots/draft-form-${language}-360-dark.png` });

      await dialog.getByRole("button", { name: t.listing.drafts.keep }).click();
      await expect(dialog).toBeHidden();
      const drafts = page.locator("[data-listing-drafts]");
      await expect(drafts.locator('[data-listing-draft="waiting"]')).toHaveCount(1);
      expect(await unreadable(page)).toEqual([]);
      await drafts.screenshot({ path: `test-results/shots/drafts-${language}-360-dark.png` });
    });
  }
});
