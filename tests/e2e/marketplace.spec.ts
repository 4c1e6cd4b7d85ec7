import type { Page } from "@playwright/test";
import { expect, expectResults, hydrated, test } from "./fixtures";

// The marketplace over the seeded listings (prisma/seed-data.ts).

const SEARCH = "Search products, categories, or locations...";

/** The results count ('N products found'), read once. */
const countText = (page: Page) => page.getByText(/^(\d+ products found|Loading\.\.\.)$/).innerText();
/** The prices of the cards, in order: "₦12,500 per bag" is read as 12500. */
const cardPrices = async (page: Page) =>
  (await page.locator("article [data-price]").allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, "")));

test("search, categories, filters in the address, sorting and views", async ({ page, user }) => {
  void user;
  const response = await page.goto("/marketplace");
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
  await expect(page.getByText("Discover fresh produce and farm products from local farmers")).toBeVisible();
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  const everything = await countText(page);
  const cards = page.getByRole("article");
  const historyLength = () => page.evaluate(() => window.history.length);
  const entries = await historyLength();

  // Search is debounced and kept in the address, replacing the history entry.
  await page.getByPlaceholder(SEARCH).fill("cassava");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/search=cassava/);
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/Cassava/i);
    expect(await countText(page)).toBe(`${texts.length} products found`);
  });
  expect(await historyLength()).toBe(entries);

  // A reload keeps the filter, rendered by the server.
  await page.reload();
  await hydrated(page);
  await expect(page.getByPlaceholder(SEARCH)).toHaveValue("cassava");
  await expect(cards.first()).toContainText("Cassava");

  // The search engine's typo tolerance and local names work in the box too: a typo, then Hausa.
  const cassava = await countText(page);
  for (const words of ["casava", "rogo"]) {
    await page.getByPlaceholder(SEARCH).fill(words);
    await expectResults(page, async () => {
      expect(page.url()).toContain(`search=${words}`);
      const texts = await cards.allInnerTexts();
      for (const text of texts) expect(text).toMatch(/Cassava/i);
      expect(await countText(page)).toBe(cassava);
    });
  }

  await page.getByPlaceholder(SEARCH).fill("");
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/search=/);
    expect(await countText(page)).toBe(everything);
  });

  // Six quick categories, then the other six behind '+6 more'.
  await expect(page.getByRole("button", { name: "+6 more" })).toBeVisible();
  const equipment = page.getByRole("button", { name: "Farm Equipment" });
  await equipment.click();
  await expect(equipment).toHaveAttribute("aria-pressed", "true");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/categories=Farm(\+|%20)Equipment/);
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/Tractor|Hoe/);
  });
  await equipment.click();
  await expect(equipment).toHaveAttribute("aria-pressed", "false");
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/categories=/);
    expect(await countText(page)).toBe(everything);
  });

  // Sorting by price, lowest first.
  await page.getByLabel("Sort by").selectOption("price_low");
  await expect(page.getByLabel("Sort by")).toHaveValue("price_low");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/sort=price_low/);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(10);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  // List view: the cards stand one under another.
  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/view=list/);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y);
  });
  // Back leaves the marketplace: the changes replaced the entry instead of adding ones.
  expect(await historyLength()).toBe(entries);
});

test("the filter panel: price range and conditions, then Clear Filters empties the search box too", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  // The total once the results have settled ("Loading..." is not a total).
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  const everything = await countText(page);
  await page.goto("/marketplace?price_max=5000&condition=new&search=ma");
  await hydrated(page);
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  await expect(page.getByPlaceholder(SEARCH)).toHaveValue("ma");
  const prices = await cardPrices(page);
  for (const price of prices) expect(price).toBeLessThanOrEqual(5000);

  await page.getByRole("button", { name: "Filters", exact: true }).click();
  await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
  await page.getByRole("region", { name: "Filters" }).getByRole("button", { name: "Clear Filters" }).click();
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/\/marketplace$/);
    expect(await countText(page)).toBe(everything);
  });
  // The box follows the address it did not write.
  await expect(page.getByPlaceholder(SEARCH)).toHaveValue("");
});

test("the filter panel's sliders and switches: the price thumbs never cross, and Apply Filters shows what they say", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  const panel = page.getByRole("region", { name: "Filters" });
  const lowest = panel.getByRole("slider", { name: "Price range min" });
  const highest = panel.getByRole("slider", { name: "Price range max" });
  await expect(highest).toHaveValue("1000000");

  await highest.fill("20000");
  await expect(highest).toHaveAttribute("aria-valuetext", "₦20,000");
  await expect(panel.getByText("₦20,000", { exact: true })).toBeVisible();
  // The lower thumb stops at the upper one.
  await lowest.fill("50000");
  await expect(lowest).toHaveValue("20000");
  // Keys move a thumb by one step.
  await lowest.press("ArrowLeft");
  await expect(lowest).toHaveValue("10000");
  await highest.press("ArrowRight");
  await expect(highest).toHaveValue("30000");

  const brandNew = panel.getByRole("switch", { name: "New", exact: true });
  await expect(brandNew).toHaveAttribute("aria-checked", "false");
  await panel.getByText("New", { exact: true }).click();
  await expect(brandNew).toHaveAttribute("aria-checked", "true");
  await brandNew.press("Space");
  await expect(brandNew).toHaveAttribute("aria-checked", "false");
  await brandNew.click();

  await panel.getByRole("button", { name: "Apply Filters" }).click();
  await expectResults(page, async () => {
    const url = new URL(page.url());
    expect(url.searchParams.get("price_min")).toBe("10000");
    expect(url.searchParams.get("price_max")).toBe("30000");
    expect(url.searchParams.get("condition")).toBe("new");
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(10000);
      expect(price).toBeLessThanOrEqual(30000);
    }
  });
});

test.describe(() => {
  // The test holds the page's data request back; Playwright cannot hold what a service worker answers.
  test.use({ serviceWorkers: "block" });

  test("while new results load, the count reads 'Loading...' and the old cards are dimmed", async ({
    page,
    context,
    baseURL,
    user,
  }) => {
    void user;
    // The answer for the new filters is held back until the page has been looked at.
    let gate = Promise.resolve();
    await page.route(/\/marketplace\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    for (const width of [360, 1280]) {
      for (const theme of ["light", "dark"] as const) {
        let open = () => undefined as void;
        gate = new Promise<void>((resolve) => (open = resolve));
        await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/marketplace");
        await hydrated(page);
        await expect(page.getByRole("region", { name: /^\d+ products found$/ })).toHaveAttribute("aria-busy", "false");
        const before = await page.getByRole("article").count();

        await page.getByRole("button", { name: "Farm Equipment" }).click();
        const loading = page.getByRole("region", { name: "Loading..." });
        await expect(loading).toHaveAttribute("aria-busy", "true");
        await expect(loading).toHaveCSS("opacity", "0.5");
        await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
        await expect(page.getByRole("article")).toHaveCount(before);
        await page.screenshot({ path: `test-results/screens/marketplace-loading-${width}-${theme}.png` });

        open();
        await expectResults(page, async () => {
          const texts = await page.getByRole("article").allInnerTexts();
          expect(texts.length).toBeGreaterThan(0);
          for (const text of texts) expect(text).toMatch(/Tractor|Hoe/);
          await expect(page.getByRole("region", { name: /^\d+ products found$/ })).toHaveCSS("opacity", "1", {
            timeout: 0,
          });
        });
      }
    }
  });
});

test("Near Me with a typed town shows distances and offers sorting by distance", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  await page.getByRole("button", { name: "Near Me" }).click();
  await page.getByPlaceholder("e.g. Ibadan").fill("Kano");
  await page.getByPlaceholder("e.g. Ibadan").press("Enter");
  const distances = async () =>
    (await page.getByText(/km away/).allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, "")));
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/near=1/);
    // Every card is within the 50 km radius.
    const km = await distances();
    expect(km.length).toBeGreaterThan(0);
    expect(km.length).toBe(await page.getByRole("article").count());
    for (const value of km) expect(value).toBeLessThanOrEqual(50);
  });
  await page.getByLabel("Sort by").selectOption("distance");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/sort=distance/);
    const km = await distances();
    expect([...km].sort((a, b) => a - b)).toEqual(km);
  });
  await expect(page.getByRole("article").first()).toContainText("Kano");
});

test("an unknown town is explained, and nothing changes", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  await page.getByRole("button", { name: "Near Me" }).click();
  await page.getByPlaceholder("e.g. Ibadan").fill("Atlantis");
  await page.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(page.getByText("We could not find that place. Try a nearby town.")).toBeVisible();
  await expect(page).not.toHaveURL(/near=1/);
});

test("Add to Cart says 'Adding...' while the cart takes it, then 'In cart' and the header counts it; sold listings are Unavailable", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart: 0 listings");
  const first = page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: "Add to Cart" }) })
    .first();
  const name = await first.getAttribute("aria-label");
  // The cart's answer is held until 'Adding...' has been seen, as on a slow connection.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/cart/items/*", async (route) => {
    await held;
    await route.continue();
  });
  await first.getByRole("button", { name: "Add to Cart" }).click();
  const card = page.getByRole("article", { name: name! });
  await expect(card.getByRole("button", { name: "Adding..." })).toBeDisabled();
  release();
  await expect(card.getByRole("link", { name: "In cart" })).toBeVisible();
  await expect(page.getByTestId("cart-link")).toHaveAccessibleName("Cart: 1 listings");
  await page.unroute("**/api/cart/items/*");

  // The seed has sold listings: they show, marked and not for sale; paused ones are hidden.
  const sold = page.getByRole("article").filter({ hasText: "Sold" }).first();
  await page.goto("/marketplace?sort=price_high");
  if ((await sold.count()) > 0) await expect(sold.getByRole("button", { name: "Unavailable" })).toBeDisabled();
  await expect(page.getByRole("article").filter({ hasText: "Paused" })).toHaveCount(0);
});

test("the heart is kept with the account", async ({ page, user }) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  const heart = page.getByRole("article").first().getByRole("button", { name: "Save to favourites" });
  const stored = page.waitForResponse(
    (response) => response.url().includes("/api/saved-listings/") && response.request().method() === "PUT",
  );
  await heart.click();
  expect((await stored).status()).toBe(200);
  await expect(
    page.getByRole("article").first().getByRole("button", { name: "Remove from favourites" }),
  ).toHaveAttribute("aria-pressed", "true");
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
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/marketplace-${width}-${theme}.png` });
      await hydrated(page);
      await page.getByRole("button", { name: "Filters" }).click();
      await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/marketplace-filters-${width}-${theme}.png` });
    });
  }
}
