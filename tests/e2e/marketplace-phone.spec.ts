import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, expectResults, hydrated, indexForSearch, test, type TestUser, withDatabase } from "./fixtures";

// The marketplace and My Listings on a phone (360 px) and a desk (1280 px):
// cards that fit, the upsell that leaves room for the listings, Near Me that
// says what it filters, addresses that cannot break the page, prices per unit.

const PHONE = { width: 360, height: 740 };
const PRICE_PER_UNIT = /^₦[\d,]+ per (kg|g|tonne|bag|piece|litre|ml|bundle|crate|basket|head|dozen)$/;

/** What sticks out of a card: descendants reaching past its right edge, or whose text is wider than their box. */
async function overflowIn(card: Locator) {
  return card.evaluate((article) => {
    const edge = article.getBoundingClientRect().right + 0.5;
    const problems: string[] = [];
    for (const element of article.querySelectorAll<HTMLElement>("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.right > edge)
        problems.push(`past the edge: ${element.tagName} "${element.textContent?.trim().slice(0, 30)}"`);
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible") {
        problems.push(`cut: ${element.tagName} "${element.textContent?.trim().slice(0, 30)}"`);
      }
    }
    return problems;
  });
}

/** How many lines an element's text takes. */
const lines = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    return Math.round(node.getBoundingClientRect().height / lineHeight);
  });

/** A heading cut short: more text than its box shows. */
const clipped = (element: Locator) =>
  element.evaluate((node) => node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1);

async function seedListing(user: TestUser, productId: string) {
  const id = `e2e_listing_${randomUUID()}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, latitude, longitude, locality, "updatedAt")
       VALUES ($1, $2, $3, '1900.00', 340, 'new', 'active', '{}', 7.3775, 3.947, 'Ibadan, Oyo', now())`,
      [id, productId, user.id],
    ),
  );
  await indexForSearch("listing", [id]);
}

/** Requests for the marketplace's own address (documents and data), counted from now on. */
function countMarketplaceRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/marketplace")) seen.push(request.url());
  });
  return seen;
}

test("list and grid cards fit a 360 px phone: names on up to two lines, 'Qty: N' on one, buttons inside", async ({
  page,
  user,
}) => {
  void user;
  await page.setViewportSize(PHONE);
  for (const view of ["list", "grid"]) {
    await page.goto(view === "list" ? "/marketplace?view=list" : "/marketplace");
    const cards = page.getByRole("article");
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(10);
    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      expect(await overflowIn(card), `${view} card ${index}`).toEqual([]);
      const name = card.getByRole("heading");
      expect(await lines(name)).toBeLessThanOrEqual(2);
      expect(await lines(card.getByText(/^Qty: \d+$/))).toBe(1);
    }
    // 'Scotch Bonnet Pepper (Ata Rodo)' is read whole, on two lines.
    const pepper = cards.filter({ hasText: "Scotch Bonnet" }).first().getByRole("heading");
    await expect(pepper).toHaveText("Scotch Bonnet Pepper (Ata Rodo)");
    expect(await clipped(pepper)).toBe(false);
    // 'Add to Cart' sits inside its card.
    const first = cards.first();
    const [cardBox, buttonBox] = [
      await first.boundingBox(),
      await first.getByRole("button", { name: "Add to Cart" }).boundingBox(),
    ];
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
});

test("prices read '₦30,000 per basket' in the grid, the list and My Listings", async ({ page, user }) => {
  await seedListing(user, "seed_product_groundnut");
  for (const view of ["grid", "list"]) {
    await page.goto(view === "list" ? "/marketplace?view=list" : "/marketplace");
    const prices = await page.locator("article [data-price]").allInnerTexts();
    expect(prices.length).toBeGreaterThan(10);
    for (const price of prices) expect(price.replace(/\s+/g, " ").trim()).toMatch(PRICE_PER_UNIT);
    await expect(
      page.getByRole("article").filter({ hasText: "Fresh Tomatoes" }).first().locator("[data-price]"),
    ).toHaveText(/per basket$/);
  }
  await page.goto("/my-listings");
  await expect(page.getByRole("article").first().locator("[data-price]")).toHaveText("₦1,900 per kg");
});

test("My Listings shows whole names, at 360 and 1280 px", async ({ page, user }) => {
  await seedListing(user, "seed_product_groundnut");
  await seedListing(user, "seed_product_pepper");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/my-listings");
    for (const name of ["Shelled Groundnuts", "Scotch Bonnet Pepper (Ata Rodo)"]) {
      const heading = page.getByRole("heading", { name, exact: true });
      await expect(heading).toBeVisible();
      expect(await clipped(heading), `${name} at ${width} px`).toBe(false);
      expect(await lines(heading)).toBeLessThanOrEqual(2);
    }
    const cards = page.getByRole("article");
    for (let index = 0; index < (await cards.count()); index += 1)
      expect(await overflowIn(cards.nth(index))).toEqual([]);
    await expect(cards.first().getByText(/^Qty: \d+$/)).toBeVisible();
    expect(await lines(cards.first().getByText(/^Qty: \d+$/))).toBe(1);
  }
});

test("the view switch shares its row with Filters and Near Me at 360 px, in every language", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  void user;
  await page.setViewportSize(PHONE);
  for (const language of ["en", "fr", "ha", "ig", "yo"]) {
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.goto("/marketplace");
    const filters = page.locator('[aria-controls="marketplace-filters"]');
    const views = page.locator("main [role=group]").first();
    await expect(views).toBeVisible();
    const [a, b] = [await filters.boundingBox(), await views.boundingBox()];
    expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2)), language).toBeLessThan(2);
    expect(b!.x + b!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
});

test("the upsell leaves the first listing on a phone's first screen, and once hidden stays hidden", async ({
  page,
  user,
}) => {
  // A trial that ran out: the upsell shows.
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [user.id]),
  );
  await page.setViewportSize(PHONE);
  await page.goto("/marketplace");
  const upsell = page.getByRole("complementary", { name: "Unlock Premium Marketplace" });
  await expect(upsell).toBeVisible();
  await expect(upsell.getByRole("button", { name: "Upgrade" })).toBeVisible();
  expect((await upsell.boundingBox())!.height).toBeLessThanOrEqual(80);
  const first = await page.getByRole("article").first().boundingBox();
  // The card's top, and a good part of its photo, are on the first screen.
  expect(first!.y).toBeLessThan(PHONE.height - 150);
  await page.screenshot({ path: "test-results/screens/marketplace-upsell-360.png" });

  await hydrated(page);
  await upsell.getByRole("button", { name: "Hide this offer" }).click();
  await expect(upsell).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(upsell).toHaveCount(0);
  // The server leaves it out, so it never flashes in before the page hydrates.
  const html = await (await page.request.get("/marketplace")).text();
  expect(html).not.toContain('aria-label="Unlock Premium Marketplace"');
});

test("Near Me is titled for a buyer and, once applied, says where and how far, with an X that clears it", async ({
  page,
  context,
  user,
}) => {
  void user;
  await page.goto("/marketplace");
  await hydrated(page);
  const everything = await page.getByText(/^\d+ products found$/).innerText();
  await page.getByRole("button", { name: "Near Me" }).click();
  const dialog = page.getByRole("dialog", { name: "Find listings near you" });
  await expect(dialog).toBeVisible();
  // Typing a town still finds it in the bundled list of Nigerian towns.
  await dialog.getByPlaceholder("e.g. Ibadan").fill("ibadan");
  await dialog.getByPlaceholder("e.g. Ibadan").press("Enter");
  const near = page.locator("[data-near]");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/near=1/);
    expect(page.url()).toMatch(/place=Ibadan/);
    await expect(near).toHaveText("Near Ibadan · 50 km", { timeout: 0 });
  });
  // Rendered by the server too.
  await page.reload();
  await expect(near).toHaveText("Near Ibadan · 50 km");
  await hydrated(page);

  await near.getByRole("button", { name: "Clear location filter" }).click();
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/near=|lat=|lng=|place=/);
    await expect(near).toHaveCount(0, { timeout: 0 });
    expect(await page.getByText(/^\d+ products found$/).innerText()).toBe(everything);
  });

  // The device's position has no town: 'Near your location'.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 12.0022, longitude: 8.592 });
  await page.getByRole("button", { name: "Near Me" }).click();
  await page
    .getByRole("dialog", { name: "Find listings near you" })
    .getByRole("button", { name: "Use Current Location" })
    .click();
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/near=1/);
    await expect(near).toHaveText("Near your location · 50 km", { timeout: 0 });
  });
  await expect(page.getByRole("article").first()).toContainText("Kano");
});

test("the listing form's location dialog keeps its own title", async ({ page, user }) => {
  void user;
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Add Location" }).click();
  await expect(page.getByRole("dialog", { name: "Add Location" })).toBeVisible();
});

test("bad addresses answer a page, never a 5xx: out-of-range pages go to the last page, bad values are dropped or bounded", async ({
  page,
  user,
}) => {
  void user;
  const bad = [
    "page=100000000",
    "page=99999999999999999999999",
    "page=-3",
    "page=abc",
    "page=1e400",
    "page=3",
    "price_min=abc&price_max=-1",
    "price_min=99999999999&price_max=1",
    "radius_km=99999&near=1&lat=7.3775&lng=3.947",
    "near=1&lat=999&lng=abc",
    "near=1&lat=NaN&lng=Infinity&sort=distance",
    "sort=%27;DROP%20TABLE",
    "categories=%00,Weapons&condition=broken,,new",
    "view=%F0%9F%90%90",
    "search=%ff%fe&page=2",
    `search=${"x".repeat(5000)}`,
    "place=%3Cscript%3E&near=1&lat=7&lng=3",
    "page=2&page=900",
  ];
  for (const query of bad) {
    const first = await page.request.get(`/marketplace?${query}`, { maxRedirects: 0 });
    expect([200, 302], query).toContain(first.status());
    const final = await page.request.get(`/marketplace?${query}`);
    expect(final.status(), query).toBe(200);
  }
  // Past the last page: the last page, whose count and cards agree.
  const past = await page.request.get("/marketplace?page=100000000&view=list", { maxRedirects: 0 });
  expect(past.status()).toBe(302);
  expect(past.headers()["location"]).toBe("/marketplace?view=list&page=2");
  await page.goto("/marketplace?page=3");
  await expect(page).toHaveURL(/\/marketplace\?page=2$/);
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByText("No products found matching your criteria.")).toHaveCount(0);
  await expect(page.getByText(/^Page 2 of 2$/)).toBeVisible();
  // A search with nothing found and a page: page one, and the empty card.
  await page.goto("/marketplace?search=nothing-like-this&page=4");
  await expect(page).toHaveURL(/\/marketplace\?search=nothing-like-this$/);
  await expect(page.getByText("0 products found")).toBeVisible();
  await expect(page.getByText("No products found matching your criteria.")).toBeVisible();

  // My Listings reads its search and status the same forgiving way.
  for (const query of ["status=zzz", "search=%ff", "search=%00", "status=active&status=nope", "page=-1"]) {
    expect((await page.request.get(`/my-listings?${query}`)).status(), query).toBe(200);
  }
});

test("a bad address loads once: no retry loop", async ({ page, user }) => {
  void user;
  const seen = countMarketplaceRequests(page);
  await page.goto("/marketplace?page=100000000&price_min=abc&radius_km=-4");
  await hydrated(page);
  await expect(page.getByText(/^\d+ products found$/)).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The address and its redirect to the last page; nothing asked again.
  expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(2);
  // Stepping back from the last page within the app works as usual.
  await page.getByRole("button", { name: "Previous" }).click();
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/page=/);
    await expect(page.getByText(/^Page 1 of 2$/)).toBeVisible({ timeout: 0 });
  });
});

test("the listings API refuses limits and offsets out of bounds with the catalogue's JSON", async ({ page, user }) => {
  void user;
  for (const [query, message] of [
    ["limit=1000", "Ask for between 1 and 100 listings at a time"],
    ["limit=0", "Ask for between 1 and 100 listings at a time"],
    ["limit=abc", "Ask for between 1 and 100 listings at a time"],
    ["limit=2.5", "Ask for between 1 and 100 listings at a time"],
    ["offset=-1", "Start from a whole number between 0 and 100,000"],
    ["offset=100000000", "Start from a whole number between 0 and 100,000"],
  ] as const) {
    const answer = await page.request.get(`/api/market/listings?${query}`);
    expect(answer.status(), query).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, error: { code: "VLD_REQUIRED_FIELD", message } });
  }
  const fine = await page.request.get("/api/market/listings?limit=100&offset=100000");
  expect(fine.status()).toBe(200);
  expect(await fine.json()).toMatchObject({ success: true, data: { listings: [] } });
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`list view, Near Me and the upsell look right at ${width} px in ${theme}`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      await withDatabase((client) =>
        client.query(`UPDATE "User" SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [user.id]),
      );
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/marketplace?view=list&near=1&lat=7.3775&lng=3.9470&place=Ibadan&radius_km=200");
      await expect(page.locator("[data-near]")).toHaveText("Near Ibadan · 200 km");
      await expect(page.getByRole("article").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/marketplace-list-near-${width}-${theme}.png` });
      await seedListing(user, "seed_product_groundnut");
      await page.goto("/my-listings");
      await expect(page.getByRole("heading", { name: "Shelled Groundnuts" })).toBeVisible();
      await page.getByRole("heading", { name: "Shelled Groundnuts" }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/my-listings-card-${width}-${theme}.png` });
    });
  }
}
