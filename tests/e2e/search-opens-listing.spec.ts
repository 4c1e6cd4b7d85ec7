import type { Page } from "@playwright/test";
import { DEMO_PHONES, LISTING_PLACES, SEED_PRODUCTS } from "../../prisma/seed-data";
import { expect, expectResults, hydrated, test } from "./fixtures";

// A listing found by search opens that listing's details (the marketplace's
// details dialog, its address /marketplace?listing={id}), not the marketplace
// filtered on its product. On the demo data (the e2e server runs in demo mode):
// the demo sellers have example phones, so a demo listing offers to contact them.

const group = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

// The first demo listing (prisma/seed.ts): the first product of the first town, active, sold by
// Amina, who shows her phone on it.
const listing = { id: "seed_listing_001", town: LISTING_PLACES[0]!.town };
const product = SEED_PRODUCTS.find((candidate) => candidate.id === LISTING_PLACES[0]!.products[0])!;
const seller = { firstName: "Amina", phone: DEMO_PHONES.amina };
const phone = seller.phone;

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a listing in the search results opens its details, with the demo seller's contact options", async ({
    page,
    user: _user,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
    await hydrated(page);
    const result = group(page, "Marketplace Listings").locator(`a[href="/marketplace?listing=${listing.id}"]`);
    await expectResults(page, () => expect(result).toBeVisible());
    await expect(result).toContainText(product.name);
    await result.click();

    await expect(page).toHaveURL(new RegExp(`/marketplace\\?listing=${listing.id}$`));
    const details = page.getByRole("dialog", { name: product.name });
    await expect(details).toBeVisible();
    await expect(details).toContainText(listing.town);
    await expect(details.getByTestId("listing-seller-name").getByRole("link")).toContainText(seller.firstName);
    // The contact options, with the seller's example number.
    await expect(details.getByRole("link", { name: "Call" })).toHaveAttribute("href", `tel:${phone}`);
    await expect(details.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/${phone.slice(1)}\\?text=`),
    );
    await expect(details.getByRole("link", { name: "SMS" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/screens/search-listing-details-360.png" });

    // Closed, the marketplace stays, and the address no longer opens the listing.
    await details.getByRole("button", { name: "Close" }).first().click();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/\/marketplace$/);
    await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
  });
});

test("a listing address nobody may see opens the marketplace without details", async ({ page, user: _user }) => {
  test.setTimeout(90_000);
  // The eleventh demo listing is paused (prisma/seed.ts): only its seller sees it.
  for (const id of ["seed_listing_011", "no_such_listing", "%00"]) {
    const response = await page.goto(`/marketplace?listing=${id}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
});
