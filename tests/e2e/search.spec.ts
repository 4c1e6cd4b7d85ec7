import type { Page } from "@playwright/test";
import { expect, expectResults, hydrated, signIn, test } from "./fixtures";

// Search & Discover (/search) on the seeded demo data, which is indexed when the
// server starts: one search box over products, marketplace listings and farms.

const KANO = { latitude: 11.77, longitude: 8.43 };

const group = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

test("a typed word searches products and listings, grouped, the word marked, the address kept", async ({
  page,
  user: _user,
}) => {
  await page.goto("/search");
  await hydrated(page);
  await page.locator("#search-page-box").fill("cassava");
  await expect(page).toHaveURL(/\/search\?q=cassava$/);
  await expectResults(page, async () => {
    await expect(group(page, "Products")).toBeVisible();
    await expect(group(page, "Marketplace Listings")).toBeVisible();
  });
  await expect(page.getByRole("region", { name: /^Farms/ })).toHaveCount(0);
  const product = group(page, "Products").getByRole("link").first();
  await expect(product).toContainText("Cassava Tubers");
  await expect(product.locator("mark")).toHaveText("Cassava");
  await expect(product).toHaveAttribute("href", "/marketplace?search=Cassava+Tubers");
  // A listing shows its price per unit and its town.
  const listing = group(page, "Marketplace Listings").getByRole("link").first();
  await expect(listing).toContainText(/₦[\d,]+ per bag/);
  await expect(listing.locator("mark")).toHaveText("Cassava");
  await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
});

test("the content types narrow the results and live in the address; Clear All Filters resets them", async ({
  page,
  user: _user,
}) => {
  await page.goto("/search?q=cassava");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("button", { name: "Products", exact: true, pressed: false }).click();
  await expect(page).toHaveURL(/types=product/);
  await expectResults(page, async () => {
    await expect(group(page, "Products")).toBeVisible();
    await expect(page.getByRole("region", { name: /^Marketplace Listings/ })).toHaveCount(0);
  });
  await expect(page.getByRole("button", { name: "Products", exact: true, pressed: true })).toBeVisible();
  await page.getByRole("button", { name: "Clear All Filters" }).click();
  await expect(page).toHaveURL(/\/search\?q=cassava$/);
  await expectResults(page, () => expect(group(page, "Marketplace Listings")).toBeVisible());
});

test("the start state offers Browse Products, View Listings and Explore Farms", async ({ page, user: _user }) => {
  await page.goto("/search");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Start your search" })).toBeVisible();
  await page.getByRole("link", { name: "Browse Products" }).click();
  await expect(page).toHaveURL(/\/search\?types=product$/);
  await expectResults(page, async () => {
    expect(await group(page, "Products").getByRole("link").count()).toBeGreaterThanOrEqual(20);
    await expect(page.getByRole("region", { name: /^Marketplace Listings/ })).toHaveCount(0);
  });
  await page.goto("/search");
  await page.getByRole("link", { name: "Explore Farms" }).click();
  await expect(page).toHaveURL(/\/search\?types=farm$/);
  // A new user has no farm, and nobody else's farm is shown.
  await expectResults(page, () => expect(page.getByText("No results found")).toBeVisible());
  await page.goto("/search");
  await page.getByRole("link", { name: "View Listings" }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
});

test("a farm is found by its owner", async ({ page, baseURL }) => {
  await signIn(page, { id: "seed_user_amina", username: "amina", firstName: "Amina", lastName: "Bello" }, baseURL!);
  await page.goto("/search?q=bello&types=farm");
  const farms = group(page, "Farms");
  await expect(farms.getByRole("link")).toHaveCount(1);
  await expect(farms.getByRole("link")).toContainText("Bello Family Farm");
  await expect(farms.locator("mark")).toHaveText("Bello");
});

test("nothing found shows the empty state", async ({ page, user: _user }) => {
  await page.goto("/search?q=zzqxjvw&types=listing");
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear All Filters" })).toBeVisible();
});

test("the header search opens /search with its results, typos forgiven", async ({ page, user: _user }) => {
  await page.goto("/dashboard");
  await hydrated(page);
  await page.locator("#header-search").fill("casava");
  await page.locator("#header-search").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=casava$/);
  await expect(group(page, "Products").getByRole("link").first()).toContainText("Cassava Tubers");
  await expect(page.locator("#search-page-box")).toHaveValue("casava");
  // The sidebar's Search & Discover leads here too.
  await page.goto("/dashboard");
  await hydrated(page);
  await page
    .getByRole("complementary", { name: "Main navigation" })
    .getByRole("link", { name: "Search & Discover" })
    .click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { name: "Search & Discover", level: 1 })).toBeVisible();
});

test("location turns on after geolocation succeeds, shows distances, and goes off with its X", async ({
  page,
  context,
  user: _user,
}) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(KANO);
  await page.goto("/search?q=onion&types=listing&radius=50");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("switch").click();
  await expect(page).toHaveURL(/lat=11\.7700&lng=8\.4300/);
  await expect(page.locator("[data-near]")).toContainText("Near your location · 50 km");
  await expectResults(page, async () => {
    const first = group(page, "Marketplace Listings").getByRole("link").first();
    await expect(first.locator("[data-distance]")).toHaveText(/^[\d.]+ km away$/);
  });
  await page.getByRole("button", { name: "Turn off location" }).click();
  await expect(page).not.toHaveURL(/lat=/);
  await expect(page.getByRole("switch")).not.toBeChecked();
  await expectResults(page, () => expect(page.locator("[data-distance]")).toHaveCount(0));
});

test("a refused location is explained and the switch stays off", async ({ page, user: _user }) => {
  await page.goto("/search?q=onion");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("switch").click();
  await expect(page.getByRole("alert")).toHaveText("Unable to get your location. Please check your browser settings.");
  await expect(page.getByRole("switch")).not.toBeChecked();
  await expect(page).not.toHaveURL(/lat=/);
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`search looks right at ${width} px in ${theme}`, async ({ page, context, baseURL, user: _user }) => {
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/search");
      await expect(page.getByRole("heading", { name: "Start your search" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/search-start-${width}-${theme}.png` });
      await page.goto("/search?q=maize&lat=7.3775&lng=3.9470&radius=100");
      await hydrated(page);
      await page.getByRole("button", { name: "Filters" }).click();
      await expect(group(page, "Marketplace Listings")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({
        path: `test-results/screens/search-results-${width}-${theme}.png`,
        fullPage: width === 360,
      });
    });
  }
}

for (const language of ["fr", "ha"]) {
  test(`no sideways scrolling at 360 px in ${language}`, async ({ page, context, baseURL, user: _user }) => {
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/search?q=cassava&lat=7.3775&lng=3.9470&radius=100");
    await hydrated(page);
    await page.getByRole("button", { name: /^(Filtres|Tacewa)$/ }).click();
    await expect(page.getByRole("switch")).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/search-filters-360-${language}.png`, fullPage: true });
    await page.goto("/search");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}
