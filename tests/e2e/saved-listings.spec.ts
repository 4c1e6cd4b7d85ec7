import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, expect, hydrated, indexForSearch, signIn, test, withDatabase } from "./fixtures";

// Saved listings follow the account: a heart tapped on one phone is in My Listings' Saved tab on
// another, and a listing removed there is no longer hearted on the first. A listing that sold
// since shows as unavailable, with a button to remove it.

/** Active listings of a new seller, titled after `word`, searchable. */
async function listingsOnSale(word: string, count: number) {
  const seller = await createUser({ firstName: "Emeka", lastName: "Obi" });
  const listings: { id: string; title: string }[] = [];
  await withDatabase(async (client) => {
    for (let index = 0; index < count; index += 1) {
      const listing = { id: `e2e_listing_${randomBytes(6).toString("hex")}`, title: `${word} yam ${index + 1}` };
      listings.push(listing);
      await client.query(
        `INSERT INTO "Listing" (id, title, "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
         VALUES ($1, $2, $3, 3000, 5, 'new', 'active', $4, 'Abakaliki', now())`,
        [listing.id, listing.title, seller.id, ["/images/products/maize.svg"]],
      );
    }
  });
  await indexForSearch(
    "listing",
    listings.map((listing) => listing.id),
  );
  return { seller, listings };
}

const savedAnswer = (page: Page, method: "PUT" | "DELETE", id: string) =>
  page.waitForResponse(
    (response) => response.url().endsWith(`/api/saved-listings/${id}`) && response.request().method() === method,
  );

test("a heart tapped in one browser is in the other's Saved tab; removed there, it is empty in the first", async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const word = `Saved${randomBytes(3).toString("hex")}`;
  const { seller, listings } = await listingsOnSale(word, 2);
  const [first, second] = listings as [(typeof listings)[number], (typeof listings)[number]];

  // Browser A: the marketplace, two hearts.
  await page.goto(`/marketplace?search=${word}`);
  await hydrated(page);
  for (const listing of [first, second]) {
    const heart = page
      .getByRole("article", { name: listing.title })
      .getByRole("button", { name: "Save to favourites" });
    const stored = savedAnswer(page, "PUT", listing.id);
    await heart.click();
    expect((await stored).status()).toBe(200);
    await expect(
      page.getByRole("article", { name: listing.title }).getByRole("button", { name: "Remove from favourites" }),
    ).toHaveAttribute("aria-pressed", "true");
  }
  // The second sells meanwhile.
  await withDatabase((client) => client.query(`UPDATE "Listing" SET status = 'sold' WHERE id = $1`, [second.id]));

  // Browser B, the same account: both in the Saved tab, the sold one as unavailable.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  await signIn(pageB, user, baseURL!);
  await pageB.goto("/my-listings");
  await hydrated(pageB);
  await pageB.getByRole("tab", { name: "Saved" }).click();
  await expect(pageB).toHaveURL(/tab=saved/);
  const saved = pageB.getByRole("list", { name: "Saved listings" });
  await expect(saved.getByRole("article", { name: first.title })).toBeVisible();
  const sold = saved.getByTestId("saved-unavailable");
  await expect(sold).toContainText(second.title);
  await expect(sold).toContainText("Sold");

  // Removed in B: the available one by its heart, the sold one by its button.
  const removed = savedAnswer(pageB, "DELETE", first.id);
  await saved
    .getByRole("article", { name: first.title })
    .getByRole("button", { name: "Remove from favourites" })
    .click();
  expect((await removed).status()).toBe(200);
  const removedSold = savedAnswer(pageB, "DELETE", second.id);
  await sold.getByRole("button", { name: "Remove" }).click();
  expect((await removedSold).status()).toBe(200);
  await expect(pageB.getByTestId("saved-empty")).toBeVisible();
  await other.close();

  // Back in A, after a reload: the heart is empty.
  await page.reload();
  await hydrated(page);
  await expect(
    page.getByRole("article", { name: first.title }).getByRole("button", { name: "Save to favourites" }),
  ).toHaveAttribute("aria-pressed", "false");
  await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
});

test("hearts kept on this phone before are moved into the account once", async ({ page, user }) => {
  const word = `Local${randomBytes(3).toString("hex")}`;
  const { seller, listings } = await listingsOnSale(word, 1);
  const listing = listings[0]!;
  await page.goto("/marketplace");
  await hydrated(page);
  await page.evaluate((id) => window.localStorage.setItem("asiiko-favourites", JSON.stringify([id])), listing.id);
  const moved = savedAnswer(page, "PUT", listing.id);
  await page.goto(`/marketplace?search=${word}`);
  expect((await moved).status()).toBe(200);
  await expect(
    page.getByRole("article", { name: listing.title }).getByRole("button", { name: "Remove from favourites" }),
  ).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => window.localStorage.getItem("asiiko-favourites"))).toBeNull();
  const stored = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS count FROM "SavedListing" WHERE "userId" = $1`, [user.id]),
  );
  expect(stored.rows[0].count).toBe(1);
  await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
});

test("the Saved tab reads well at 360 px in Hausa, dark", async ({ page, user, context, baseURL }) => {
  const word = `Ha${randomBytes(3).toString("hex")}`;
  const { seller, listings } = await listingsOnSale(word, 2);
  await withDatabase(async (client) => {
    for (const listing of listings)
      await client.query(`INSERT INTO "SavedListing" ("userId", "listingId") VALUES ($1, $2)`, [user.id, listing.id]);
    await client.query(`UPDATE "Listing" SET status = 'paused' WHERE id = $1`, [listings[1]!.id]);
  });
  await context.addCookies([
    { name: "asiiko-lang", value: "ha", url: baseURL! },
    { name: "asiiko-theme", value: "dark", url: baseURL! },
  ]);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/my-listings?tab=saved");
  await hydrated(page);
  await expect(page.getByRole("tab", { name: "Waɗanda na ajiye" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article", { name: listings[0]!.title })).toBeVisible();
  // Paused since: no longer available, without the seller's words.
  const gone = page.getByTestId("saved-unavailable");
  await expect(gone).toContainText("Ba ya samuwa yanzu");
  await expect(gone).not.toContainText(listings[1]!.title);
  await expect(gone.getByRole("button", { name: "Cire" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/screens/saved-360-dark-ha.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/screens/saved-1280-dark-ha.png", fullPage: true });
  await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
});
