import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { uniquePhone } from "../support/phones";
import { createUser, expect, hydrated, indexForSearch, test, withDatabase, type TestUser } from "./fixtures";

// A buyer goes from a listing to its seller: the card names the seller with a Phone verified
// badge, the details carry the same link and short safety advice, and the seller's page shows
// their public profile and their listings on sale as the marketplace's cards, at 360 px too.

/** A seller with listings on sale (newest last in `titles`), one sold, all in `town`. */
async function sellerWithListings(
  person: { firstName: string; lastName: string },
  { titles, town, verified }: { titles: string[]; town: string; verified: boolean },
) {
  const seller = await createUser(person);
  const ids: string[] = [];
  await withDatabase(async (client) => {
    // A number of their own: a verified one belongs to one account at a time.
    const phone = uniquePhone();
    await client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = $3 WHERE id = $1`, [
      seller.id,
      phone,
      verified ? new Date() : null,
    ]);
    const rows = [...titles.map((title) => [title, "active"]), [`${titles[0]} (sold)`, "sold"]];
    for (const [index, [title, status]] of rows.entries()) {
      const id = `e2e_listing_${randomBytes(6).toString("hex")}`;
      ids.push(id);
      await client.query(
        `INSERT INTO "Listing" (id, title, "sellerId", "priceNgn", quantity, condition, status, images, locality, latitude, longitude, "createdAt", "updatedAt")
         VALUES ($1, $2, $3, 4500, 6, 'new', $4, $5, $6, 6.856712, 7.395834, now() - make_interval(mins => $7), now())`,
        [id, title, seller.id, status, ["/images/products/maize.svg"], town, rows.length - index],
      );
    }
  });
  await indexForSearch("listing", ids);
  return { seller, ids };
}

const noSideScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

async function removeSeller(seller: TestUser) {
  await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
}

test("a buyer opens a listing's details, then its seller's page and their cards, at 360 px", async ({
  page,
  user: _buyer,
}) => {
  const word = `Ugwu${randomBytes(3).toString("hex")}`;
  const titles = [`${word} pumpkin leaves`, `${word} bitter leaf`];
  const { seller } = await sellerWithListings(
    { firstName: "Ngozi", lastName: "Adeyemi" },
    { titles, town: "Nsukka, Enugu", verified: true },
  );
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/marketplace?search=${word}`);
  await hydrated(page);

  // The card names the seller, with the badge.
  const card = page.getByRole("article", { name: titles[1] });
  await expect(card.getByTestId("seller-link")).toHaveText("Ngozi A.");
  await expect(card.getByTestId("phone-verified")).toHaveText("Phone verified");
  await noSideScroll(page);

  // The details: the safety advice and the seller's link.
  await card.getByRole("button", { name: "View" }).click();
  const details = page.getByRole("dialog", { name: titles[1] });
  const advice = details.getByTestId("safety-advice");
  await expect(advice.getByRole("heading", { name: "Stay safe" })).toBeVisible();
  await expect(advice.getByRole("listitem")).toHaveText([
    "Meet in a public place.",
    "Inspect the goods before you pay.",
    "Never pay in advance to someone you have not met.",
    "Report anything suspicious.",
  ]);
  const sellerName = details.getByTestId("listing-seller-name");
  await expect(sellerName.getByTestId("phone-verified")).toBeVisible();
  await sellerName.getByRole("link", { name: "Ngozi A." }).click();

  // The seller's page: public profile, and their listings on sale as cards.
  await expect(page).toHaveURL(new RegExp(`/sellers/${seller.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ngozi A." })).toBeVisible();
  await expect(page.getByTestId("seller-town")).toHaveText("Nsukka, Enugu");
  await expect(page.getByTestId("seller-sold")).toHaveText("Listings sold: 1");
  await expect(page.getByTestId("seller-member-since")).toContainText("Member since");
  await expect(page.getByTestId("phone-verified").first()).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([...titles].reverse());
  // Nothing private: no phone, no surname.
  await expect(page.locator("body")).not.toContainText(/\+?234|0803/);
  await expect(page.locator("body")).not.toContainText("Adeyemi");
  await noSideScroll(page);

  // A card of theirs opens its details here.
  await page.getByRole("article", { name: titles[0] }).getByRole("button", { name: "View" }).click();
  await expect(page.getByRole("dialog", { name: titles[0] }).getByTestId("safety-advice")).toBeVisible();
  await removeSeller(seller);
});

test("a seller whose phone is not verified has no badge; an unknown seller is Page Not Found", async ({
  page,
  user: _buyer,
}) => {
  const word = `Okra${randomBytes(3).toString("hex")}`;
  const { seller } = await sellerWithListings(
    { firstName: "Musa", lastName: "bello" },
    { titles: [`${word} okra`], town: "Zaria", verified: false },
  );
  await page.goto(`/sellers/${seller.id}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Musa B." })).toBeVisible();
  await expect(page.getByTestId("phone-not-verified")).toHaveText("Phone not verified");
  await expect(page.getByTestId("phone-verified")).toHaveCount(0);
  await expect(page.getByRole("article", { name: `${word} okra` })).toBeVisible();

  const missing = await page.goto(`/sellers/cm0000000000000000000000`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await removeSeller(seller);
});

test("a buyer reports one of a seller's listings from the seller's page, at 360 px", async ({ page, user }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const word = `Beans${randomBytes(3).toString("hex")}`;
  const { seller, ids } = await sellerWithListings(
    { firstName: "Tolu", lastName: "Ade" },
    { titles: [`${word} honey beans`, `${word} black-eyed beans`], town: "Ilorin", verified: true },
  );
  await page.goto(`/sellers/${seller.id}`);
  await hydrated(page);
  await page.getByTestId("report-listing").first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Send report" }).click();
  // Which listing, and why, are asked for before anything is sent.
  await expect(dialog.getByText("Choose the listing you are reporting.")).toBeVisible();
  await dialog.getByLabel("Which listing?").selectOption({ label: `${word} black-eyed beans` });
  await dialog.getByLabel("Scam or fraud").check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Report sent", { exact: true })).toBeVisible();
  const stored = await withDatabase((client) =>
    client.query<{ listingId: string; reason: string }>(
      `SELECT "listingId", reason FROM "ListingReport" WHERE "reporterId" = $1`,
      [user.id],
    ),
  );
  expect(stored.rows).toEqual([{ listingId: ids[1], reason: "scam" }]);
  await noSideScroll(page);
  await removeSeller(seller);
});

test("the seller's page and a listing's details read well at 360 and 1280, light and dark, in Hausa, and in Yoruba", async ({
  page,
  user: _buyer,
  context,
  baseURL,
}) => {
  const word = `Doya${randomBytes(3).toString("hex")}`;
  const { seller } = await sellerWithListings(
    { firstName: "Aisha", lastName: "Garba" },
    { titles: [`${word} doya`, `${word} masara mai yawa sosai daga gona`], town: "Birnin Kebbi", verified: true },
  );
  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/sellers/${seller.id}`);
      await hydrated(page);
      await expect(page.getByTestId("phone-verified").first()).toHaveText("An tabbatar da waya");
      await noSideScroll(page);
      await page.screenshot({ path: `test-results/screens/seller-page-${width}-${theme}-ha.png`, fullPage: true });
      await page.getByRole("article").first().getByRole("button", { name: "Duba", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("safety-advice")).toContainText("Ku haɗu a wurin jama'a.");
      await page.screenshot({ path: `test-results/screens/listing-details-${width}-${theme}-ha.png` });
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    }
  }
  // And in Yoruba on a 360 px phone, dark: the tone marks' height fits the badge and the cards.
  await context.addCookies([{ name: "asiiko-lang", value: "yo", url: baseURL! }]);
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto(`/sellers/${seller.id}`);
  await hydrated(page);
  await expect(page.getByTestId("phone-verified").first()).toHaveText("A ti fìdí fóònù múlẹ̀");
  await noSideScroll(page);
  await page.screenshot({ path: "test-results/screens/seller-page-360-dark-yo.png", fullPage: true });
  await page.getByRole("article").first().getByRole("button", { name: "Wò ó", exact: true }).click();
  await expect(page.getByRole("dialog").getByTestId("safety-advice")).toContainText("Ẹ pàdé ní ibi gbangba.");
  await page.screenshot({ path: "test-results/screens/listing-details-360-dark-yo.png" });
  await removeSeller(seller);
});
