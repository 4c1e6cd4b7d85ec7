import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectResults, hydrated, indexForSearch, test, type TestUser, withDatabase } from "./fixtures";

// My Listings and the listing form (app/routes/_app.my-listings.tsx), for a fresh
// farmer. Listings the steps start from are written straight into the
// database; the ones the steps are about go through the form.

interface SeededListing {
  productId?: string | null;
  priceNgn?: string;
  quantity?: number;
  condition?: "new" | "used_like_new" | "used_good" | "used_fair";
  status?: "active" | "paused" | "sold";
  images?: string[];
  location?: { latitude: number; longitude: number; locality: string } | null;
}

async function seedListing(user: TestUser, listing: SeededListing = {}) {
  const id = `e2e_listing_${randomUUID()}`;
  const location =
    listing.location === undefined ? { latitude: 7.3775, longitude: 3.947, locality: "Ibadan, Oyo" } : listing.location;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, latitude, longitude, locality, "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())`,
      [
        id,
        listing.productId === undefined ? "seed_product_maize" : listing.productId,
        user.id,
        listing.priceNgn ?? "45000.00",
        listing.quantity ?? 12,
        listing.condition ?? "used_good",
        listing.status ?? "active",
        listing.images ?? ["/images/products/maize.svg"],
        location?.latitude ?? null,
        location?.longitude ?? null,
        location?.locality ?? null,
      ],
    ),
  );
  await indexForSearch("listing", [id]);
  return id;
}

const listingCard = (page: Page, name = "White Maize") => page.getByRole("article", { name });

async function openMyListings(page: Page) {
  const response = await page.goto("/my-listings");
  await hydrated(page);
  return response;
}

test("an account with no listings is invited to create its first", async ({ page, user }) => {
  void user;
  const response = await openMyListings(page);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "My Listings" })).toBeVisible();
  await expect(page.getByText("Manage your marketplace listings and track sales")).toBeVisible();
  await expect(page.getByText("No listings yet")).toBeVisible();
  await expect(page.getByText("Create your first listing to start selling on the marketplace")).toBeVisible();
  await page.getByRole("button", { name: "Create Your First Listing" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Listing" })).toBeVisible();
});

test("create a listing with the form: product, price, quantity, condition, photo link and town", async ({
  page,
  user,
}) => {
  void user;
  await openMyListings(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Product", { exact: true }).selectOption({ label: "White Maize" });
  await dialog.getByLabel("Price (NGN)").fill("45000");
  await dialog.getByLabel("Quantity").fill("12");
  await expect(dialog.getByText("Brand new, never used")).toBeVisible();
  await dialog.getByLabel("Condition").selectOption({ label: "Good" });
  await expect(dialog.getByText("Good condition, some wear")).toBeVisible();

  await dialog.getByLabel("Product Images").fill("/images/products/maize.svg");
  await dialog.getByLabel("Product Images").press("Enter");
  await expect(dialog.locator('img[src="/images/products/maize.svg"]')).toHaveCount(1);

  await dialog.getByRole("button", { name: "Add Location" }).click();
  const locationDialog = page.getByRole("dialog", { name: "Add Location" });
  await locationDialog.getByPlaceholder("e.g. Ibadan").fill("Ibadan");
  await locationDialog.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(locationDialog).toBeHidden();
  await expect(dialog.getByText("Ibadan, Oyo")).toBeVisible();

  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Listing created", { exact: true })).toBeVisible();

  const card = listingCard(page);
  await expect(card).toBeVisible();
  for (const text of ["White Maize", "₦45,000 per bag", "Qty: 12", "Ibadan, Oyo", "Good", "Active"])
    await expect(card).toContainText(text);
  await expect(card.getByTestId("listing-status")).toHaveText("Active");
  await expect(card.locator("img")).toHaveAttribute("src", "/images/products/maize.svg");
});

test("pause and activate, edit the price, then delete through the confirmation", async ({ page, user }) => {
  await seedListing(user);
  await openMyListings(page);
  const card = listingCard(page);
  await expect(card.getByTestId("listing-status")).toHaveText("Active");

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByTestId("listing-status")).toHaveText("Paused");
  await expect(card.getByRole("button", { name: "Activate" })).toBeVisible();
  await expect(page.getByText("Listing paused", { exact: true })).toBeVisible();
  // It is saved, not only shown.
  await page.reload();
  await hydrated(page);
  await expect(card.getByTestId("listing-status")).toHaveText("Paused");

  await card.getByRole("button", { name: "Activate" }).click();
  await expect(card.getByTestId("listing-status")).toHaveText("Active");
  await expect(card.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByText("Listing activated", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Listing" });
  await expect(dialog.getByLabel("Price (NGN)")).toHaveValue("45000");
  await expect(dialog.getByLabel("Listing Status")).toHaveValue("active");
  await expect(dialog.getByText("Ibadan, Oyo")).toBeVisible();
  await dialog.getByLabel("Price (NGN)").fill("47500");
  await dialog.getByRole("button", { name: "Update Listing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Listing updated", { exact: true })).toBeVisible();
  await expect(card).toContainText("₦47,500");

  await card.getByRole("button", { name: "Delete: White Maize" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
  await expect(confirm).toContainText("Are you sure you want to delete this listing? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete Listing" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Listing deleted", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("No listings yet")).toBeVisible();
});

test("the form refuses a zero price and no photo, and stays open", async ({ page, user }) => {
  void user;
  await openMyListings(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await dialog.getByLabel("Price (NGN)").fill("0");
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog.getByText("Price must be between ₦1 and ₦10,000,000")).toBeVisible();
  await expect(dialog.getByText("At least one image is required")).toBeVisible();
  await expect(dialog).toBeVisible();

  // Fixing the fields clears their messages as the seller types.
  await dialog.getByLabel("Price (NGN)").fill("1500");
  await expect(dialog.getByText("Price must be between ₦1 and ₦10,000,000")).toBeHidden();
  await dialog.getByLabel("Product Images").fill("/images/products/tomato.svg");
  await dialog.getByLabel("Product Images").press("Enter");
  await expect(dialog.getByText("At least one image is required")).toBeHidden();

  // A quantity that is not a number falls back to 1.
  await dialog.getByLabel("Quantity").fill("");
  await dialog.getByLabel("Quantity").blur();
  await expect(dialog.getByLabel("Quantity")).toHaveValue("1");
});

test("a save the server refuses stays open and says why", async ({ page, user }) => {
  const id = await seedListing(user);
  await openMyListings(page);
  await listingCard(page).getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Listing" });
  await expect(dialog).toBeVisible();
  // Gone meanwhile (another tab, another device).
  await withDatabase((client) => client.query(`DELETE FROM "Listing" WHERE id = $1`, [id]));
  await dialog.getByRole("button", { name: "Update Listing" }).click();
  await expect(dialog.getByRole("alert")).toContainText("This listing no longer exists");
  await expect(page.getByText("Could not save the listing", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("the search box and the status filter narrow the list through the address", async ({ page, user }) => {
  await seedListing(user);
  await seedListing(user, { productId: "seed_product_tomato", priceNgn: "8000.00", status: "sold", location: null });
  await openMyListings(page);
  await expect(page.getByRole("article")).toHaveCount(2);

  const search = page.getByPlaceholder("Search your listings...");
  const historyLength = () => page.evaluate(() => window.history.length);
  const entries = await historyLength();
  const names = () => page.getByRole("article").locator("h2").allInnerTexts();

  await search.fill("maize");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/search=maize/);
    expect(await names()).toEqual(["White Maize"]);
  });

  await search.fill("zzzz");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/search=zzzz/);
    expect(await names()).toEqual([]);
    expect(await page.getByText("No listings yet").count()).toBe(1);
  });

  await search.fill("");
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/search=/);
    expect((await names()).sort()).toEqual(["Fresh Tomatoes", "White Maize"]);
  });
  // Typing replaced the history entry instead of adding one per search.
  expect(await historyLength()).toBe(entries);

  await page.getByLabel("Status").selectOption({ label: "Sold" });
  await expect(page.getByLabel("Status")).toHaveValue("sold");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/status=sold/);
    expect(await names()).toEqual(["Fresh Tomatoes"]);
  });
  await expect(listingCard(page, "Fresh Tomatoes")).toContainText("No location");
  await expect(listingCard(page, "Fresh Tomatoes").getByRole("button", { name: "Activate" })).toBeVisible();

  // A reload keeps both filters.
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Status")).toHaveValue("sold");
  await page.getByLabel("Status").selectOption({ label: "All Listings" });
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/status=/);
    expect(await names()).toHaveLength(2);
  });
});

test.describe(() => {
  // The test holds the page's data request back; Playwright cannot hold what a service worker answers.
  test.use({ serviceWorkers: "block" });

  test("while other listings load, the old ones are dimmed under 'Loading your listings...'", async ({
    page,
    user,
  }) => {
    await seedListing(user);
    await seedListing(user, { productId: "seed_product_tomato", status: "sold" });
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await page.route(/\/my-listings\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await openMyListings(page);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByLabel("Status").selectOption({ label: "Sold" });
    await expect(page.getByRole("status").filter({ hasText: "Loading your listings..." })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.screenshot({ path: "test-results/screens/my-listings-loading-1280-light.png" });
    open();
    await expectResults(page, async () => {
      expect(await page.getByRole("article").count()).toBe(1);
      expect(await page.getByText("Loading your listings...").count()).toBe(0);
    });
  });
});

test("a link to another website's photo is refused under the photos, and nothing is saved", async ({ page, user }) => {
  void user;
  await openMyListings(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await dialog.getByLabel("Product", { exact: true }).selectOption({ label: "White Maize" });
  await dialog.getByLabel("Price (NGN)").fill("45000");
  await dialog.getByLabel("Product Images").fill("https://photos.example.com/maize.jpg");
  await dialog.getByLabel("Product Images").press("Enter");
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(
    dialog.getByText(
      "This photo cannot be used: upload it with “Upload photo” (links to other websites are not accepted)",
    ),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(listingCard(page)).toHaveCount(0);
});

test("a photo uploaded in the form becomes a processed thumbnail", async ({ page, user }) => {
  void user;
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7d44" } })
    .jpeg()
    .toBuffer();
  await openMyListings(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await dialog.locator("input[type=file]").setInputFiles({ name: "farm.jpg", mimeType: "image/jpeg", buffer });
  const thumbnail = dialog.locator("li img");
  await expect(thumbnail).toHaveCount(1, { timeout: 20_000 });
  expect(await thumbnail.getAttribute("src")).toMatch(/^\/uploads\/.+\/800\.webp$/);
  await expect(dialog.getByRole("button", { name: "Upload photo" })).toBeEnabled();
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`My Listings and the listing form look right at ${width} px in ${theme}`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      await seedListing(user, { images: ["/images/products/maize.svg"] });
      await seedListing(user, {
        productId: "seed_product_tomato",
        priceNgn: "8000.00",
        quantity: 40,
        status: "paused",
        images: [],
        condition: "new",
      });
      await seedListing(user, {
        productId: null,
        priceNgn: "250000.00",
        quantity: 1,
        status: "sold",
        images: [],
        condition: "used_fair",
        location: null,
      });
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 800 });
      await openMyListings(page);
      await expect(page.getByRole("article")).toHaveCount(3);
      await expect(listingCard(page, "Custom Product")).toContainText("No location");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/my-listings-${width}-${theme}.png`, fullPage: true });

      await page.getByRole("button", { name: "Create Listing" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Listing" });
      await expect(dialog).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/listing-form-${width}-${theme}.png` });
    });
  }
}

test.describe("the listing form's dialog on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("opens with the form (loaded when first wanted), keeps the page behind still, and closes on Escape, the cross or a tap on the dimmed page", async ({
    page,
    user,
  }) => {
    void user;
    await page.goto("/my-listings");
    await hydrated(page);
    const create = page.getByRole("button", { name: "Create Listing" }).first();
    const dialog = page.getByRole("dialog", { name: "Create New Listing" });

    await create.click();
    await expect(dialog.getByLabel("Price (NGN)")).toBeVisible();
    // The page behind does not scroll while the dialog is open, and cannot be reached.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(create).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    await create.click();
    await expect(dialog.getByLabel("Price (NGN)")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    // On a phone the form is a sheet at the bottom; the dimmed page shows above it.
    await create.click();
    await expect(dialog.getByLabel("Price (NGN)")).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThanOrEqual(739);
    await page.mouse.click(180, 5);
    await expect(dialog).toHaveCount(0);
  });
});

test("the first two cards' photos are fetched at once, the rest as they come into view", async ({ page, user }) => {
  for (const productId of ["seed_product_maize", "seed_product_tomato", "seed_product_cassava"]) {
    await seedListing(user, { productId, images: [`/images/products/${productId.replace("seed_product_", "")}.svg`] });
  }
  await openMyListings(page);
  const photos = page.getByRole("article").locator("img");
  await expect(photos).toHaveCount(3);
  // The likely largest thing on the first screen (Lighthouse's LCP element here) is not left lazy.
  const loading = await photos.evaluateAll((images) =>
    images.map((image) => [image.getAttribute("loading"), image.getAttribute("fetchpriority")]),
  );
  expect(loading).toEqual([
    ["eager", "high"],
    ["eager", "high"],
    ["lazy", null],
  ]);
});
