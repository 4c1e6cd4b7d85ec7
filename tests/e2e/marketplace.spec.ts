import { expect, test } from "./fixtures";

// The marketplace over the seeded listings (prisma/seed-data.ts).

test("search, categories, filters in the address, sorting and views", async ({ page, user }) => {
  void user;
  const response = await page.goto("/marketplace");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
  await expect(page.getByText("Discover fresh produce and farm products from local farmers")).toBeVisible();
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();

  // Search is debounced and kept in the address.
  await page.getByPlaceholder("Search products, categories, or locations...").fill("cassava");
  await expect(page).toHaveURL(/search=cassava/);
  const cards = page.getByRole("article");
  await expect(cards.first()).toContainText("Cassava");
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Cassava/i);

  // A reload keeps the filter, rendered by the server.
  await page.reload();
  await expect(page.getByPlaceholder("Search products, categories, or locations...")).toHaveValue("cassava");
  await expect(cards.first()).toContainText("Cassava");

  await page.getByPlaceholder("Search products, categories, or locations...").fill("");
  await expect(page).not.toHaveURL(/search=/);

  // Six quick categories, then '+2 more'.
  await page.getByRole("button", { name: "Farm Equipment" }).click();
  await expect(page).toHaveURL(/categories=Farm\+Equipment|categories=Farm%20Equipment/);
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Tractor|Hoe/);
  await expect(page.getByRole("button", { name: "+2 more" })).toBeVisible();
  await page.getByRole("button", { name: "Farm Equipment" }).click();
  await expect(page).not.toHaveURL(/categories=/);

  // Sorting by price, lowest first.
  await page.getByLabel("Sort by").selectOption("price_low");
  await expect(page).toHaveURL(/sort=price_low/);
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  // "₦12,500 / bags": the price is what stands before the unit.
  const prices = (await page.locator("article p.text-lg").allInnerTexts()).map((text) => Number(text.split("/")[0]!.replace(/[^\d]/g, "")));
  expect(prices.length, page.url()).toBeGreaterThan(10);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);

  // List view.
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
});

test("the filter panel: price range and conditions, then Clear Filters", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace?price_max=5000&condition=new");
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  const prices = await page.locator("article p.text-lg").allInnerTexts();
  for (const text of prices) expect(Number(text.split("/")[0]!.replace(/[^\d]/g, ""))).toBeLessThanOrEqual(5000);

  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
  await page.getByRole("region", { name: "Filters" }).getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test("Near Me with a typed town shows distances and offers sorting by distance", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  await page.getByRole("button", { name: "Near Me" }).click();
  await page.getByPlaceholder("e.g. Ibadan").fill("Kano");
  await page.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(page).toHaveURL(/near=1/);
  await expect(page.getByText(/km away/).first()).toBeVisible();
  await page.getByLabel("Sort by").selectOption("distance");
  await expect(page).toHaveURL(/sort=distance/);
  await expect(page.getByRole("article").first()).toContainText("Kano");
});

test("an unknown town is explained, and nothing changes", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  await page.getByRole("button", { name: "Near Me" }).click();
  await page.getByPlaceholder("e.g. Ibadan").fill("Atlantis");
  await page.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(page.getByText("We could not find that place. Try a nearby town.")).toBeVisible();
  await expect(page).not.toHaveURL(/near=1/);
});

test("Add to Cart shows 'Adding...' for a second; sold listings are Unavailable", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  const first = page.getByRole("article").first();
  await first.getByRole("button", { name: "Add to Cart" }).click();
  await expect(first.getByRole("button", { name: "Adding..." })).toBeVisible();
  await expect(first.getByRole("button", { name: "Add to Cart" })).toBeVisible({ timeout: 3_000 });

  // The seed has sold listings: they show, marked and not for sale; paused ones are hidden.
  const sold = page.getByRole("article").filter({ hasText: "Sold" }).first();
  await page.goto("/marketplace?sort=price_high");
  if ((await sold.count()) > 0) await expect(sold.getByRole("button", { name: "Unavailable" })).toBeDisabled();
  await expect(page.getByRole("article").filter({ hasText: "Paused" })).toHaveCount(0);
});

test("the heart is remembered on this device", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  const heart = page.getByRole("article").first().getByRole("button", { name: "Save to favourites" });
  await heart.click();
  await expect(page.getByRole("article").first().getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("article").first().getByRole("button", { name: "Remove from favourites" })).toBeVisible();
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the marketplace looks right at ${width} px in ${theme}`, async ({ page, context, baseURL, user }) => {
      void user;
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/marketplace");
      await expect(page.getByRole("article").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/marketplace-${width}-${theme}.png` });
      await page.getByRole("button", { name: "Filters" }).click();
      await page.screenshot({ path: `test-results/screens/marketplace-filters-${width}-${theme}.png` });
    });
  }
}
