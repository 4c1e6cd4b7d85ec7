import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { leafPhoto } from "../support/leaf-photos";
import {
  createUser,
  expect,
  expectResults,
  hydrated,
  indexForSearch,
  signIn,
  test,
  reportAListing,
  withDatabase,
  type TestUser,
} from "./fixtures";
import { uniquePhone } from "../support/phones";
import { answerVoice, standInRecognition } from "./speech-stand-in";

// Text contrast under WCAG 2 AA (4.5:1, 3:1 for large text), measured by axe's
// 'color-contrast' rule on the main pages in both themes, with cards on screen.
// A failure names each element (its selector) with its colours and ratio.

type Theme = "light" | "dark";
const THEMES: Theme[] = ["light", "dark"];

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = (node.any[0]?.data ?? {}) as ContrastData;
      const text = node.html.replace(/\s+/g, " ").slice(0, 120);
      return `  ${node.target.join(" ")}: ${data.contrastRatio ?? "?"}:1 (needs ${data.expectedContrastRatio ?? "4.5:1"}), ${data.fgColor ?? "?"} on ${data.bgColor ?? "?"}\n    ${text}`;
    }),
  );
}

async function expectReadable(page: Page, where: string, within?: string) {
  let builder = new AxeBuilder({ page }).withRules(["color-contrast"]);
  if (within) builder = builder.include(within);
  const lines = describeViolations((await builder.analyze()).violations);
  expect(lines, `Low contrast on ${where}:\n${lines.join("\n")}`).toEqual([]);
}

async function useTheme(context: BrowserContext, baseURL: string, theme: Theme) {
  await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL }]);
}

/** One active listing of the user's own, so My Listings and the dashboard's activity show it. */
async function seedListing(user: TestUser) {
  const id = `e2e_listing_${randomUUID()}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, latitude, longitude, locality, "updatedAt")
       VALUES ($1, 'seed_product_maize', $2, 45000, 12, 'used_good', 'active', $3, 7.3775, 3.947, 'Ibadan, Oyo', now())`,
      [id, user.id, ["/images/products/maize.svg"]],
    ),
  );
  await indexForSearch("listing", [id]);
}

for (const theme of THEMES) {
  test.describe(`in ${theme}`, () => {
    test(`the landing page is readable in ${theme}`, async ({ page, context, baseURL }) => {
      await useTheme(context, baseURL!, theme);
      await page.goto("/");
      await hydrated(page);
      await expect(page.getByRole("region", { name: "Featured Products" }).getByRole("article")).toHaveCount(4);
      await expectReadable(page, `the landing page (${theme})`);
    });

    test(`the pages read without the app are readable in ${theme}, with their language and theme controls`, async ({
      page,
      context,
      baseURL,
    }) => {
      await useTheme(context, baseURL!, theme);
      for (const path of ["/privacy", "/terms", "/newsletter", "/account-deleted", "/auth/phone", "/ussd"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectReadable(page, `${path} (${theme})`);
      }
      // The language menu of the legal pages, open.
      await page.goto("/privacy");
      await page.getByRole("banner").locator("summary").click();
      await expect(page.getByRole("button", { name: "Hausa" })).toBeVisible();
      await expectReadable(page, `/privacy's language menu (${theme})`, "header");
    });

    test(`the signed-in pages are readable in ${theme}`, async ({ page, context, baseURL, user }) => {
      await seedListing(user);
      await useTheme(context, baseURL!, theme);

      await page.goto("/dashboard");
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
      await expect(page.locator("main time").first()).toBeVisible();
      await expectReadable(page, `/dashboard (${theme})`);

      await page.goto("/marketplace");
      await hydrated(page);
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectReadable(page, `/marketplace (${theme})`);

      await page.goto("/my-listings");
      await hydrated(page);
      await expect(page.getByRole("article", { name: "White Maize" })).toBeVisible();
      await expectReadable(page, `/my-listings (${theme})`);
      // The insights table after a look, then the locked prompt that follows the trial's one use.
      await page.getByRole("button", { name: "Show insights" }).click();
      await page
        .getByRole("dialog", { name: "Use your free trial?" })
        .getByRole("button", { name: "Yes, use my trial" })
        .click();
      await expect(page.getByRole("region", { name: "Market price insights" }).getByRole("table")).toBeVisible();
      await expectReadable(page, `/my-listings insights (${theme})`);
      await page.reload();
      await expect(page.getByRole("region", { name: "Unlock Advanced Listing Analytics" })).toBeVisible();
      await expectReadable(page, `/my-listings locked prompt (${theme})`);

      await page.goto("/settings");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectReadable(page, `/settings (${theme})`);

      // A phone code waiting on Profile, and the demo SMS inbox with its text.
      const asked = await page.request.put("/api/user/phone", { data: { phone: uniquePhone() } });
      expect(asked.status()).toBe(200);
      await page.goto("/profile");
      await hydrated(page);
      await expect(page.getByTestId("phone-code-box")).toBeVisible();
      await expectReadable(page, `/profile with a code waiting (${theme})`);
      await page.goto("/sms");
      await hydrated(page);
      await expect(page.getByTestId("sms-body").first()).toBeVisible();
      await expectReadable(page, `/sms (${theme})`);

      // Their public seller page, with the listing on sale.
      await page.goto(`/sellers/${user.id}`);
      await hydrated(page);
      await expect(page.getByRole("article", { name: "White Maize" })).toBeVisible();
      await expectReadable(page, `/sellers/{id} (${theme})`);
    });

    test(`market prices, their chart and a price alert are readable in ${theme}`, async ({
      page,
      context,
      baseURL,
      user: _user,
    }) => {
      await useTheme(context, baseURL!, theme);
      await page.goto("/prices?product=seed_product_maize&town=Kaduna&near=Kano");
      await hydrated(page);
      await expect(page.getByTestId("price-chart")).toBeVisible();
      await page.getByTestId("price-follow-submit").click();
      await expect(page.getByTestId("price-following")).toBeVisible();
      await expectReadable(page, `/prices (${theme})`);
    });

    test(`the cart, an order, the orders list and notifications are readable in ${theme}`, async ({
      page,
      context,
      baseURL,
      user: _user,
      browser,
    }) => {
      const seller = await createUser({ firstName: "Halima", lastName: "Sani" });
      const listingId = `e2e_listing_${randomUUID()}`;
      await withDatabase((client) =>
        client.query(
          `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
           VALUES ($1, 'seed_product_maize', $2, 30000, 8, 'new', 'active', $3, 'Kano, Kano', now())`,
          [listingId, seller.id, ["/images/products/maize.svg"]],
        ),
      );
      await useTheme(context, baseURL!, theme);
      expect((await page.request.put(`/api/cart/items/${listingId}`, { data: { quantity: 2 } })).status()).toBe(200);
      await page.goto("/cart");
      await hydrated(page);
      await page.getByTestId("open-order-request").click();
      await expectReadable(page, `/cart (${theme})`);
      const sent = await page.request.post("/api/orders", {
        data: { sellerId: seller.id, fulfilment: "delivery", town: "Kano", message: "Before market day" },
      });
      const order = ((await sent.json()) as { data: { order: { id: string; items: { id: string }[] } } }).data.order;
      // The seller proposes a price, from a session of theirs, and writes in the thread.
      const sellerContext = await browser.newContext();
      const sellerPage = await sellerContext.newPage();
      await signIn(sellerPage, seller, baseURL!);
      await sellerPage.request.post(`/api/orders/${order.id}/accept`, {
        data: { items: [{ id: order.items[0]!.id, priceNgn: "28000" }] },
      });
      await sellerPage.request.post(`/api/orders/${order.id}/messages`, { data: { body: "28,000 is my best" } });
      await useTheme(sellerContext, baseURL!, theme);
      await sellerPage.goto("/notifications");
      await expect(sellerPage.getByTestId("notification").first()).toBeVisible();
      await expectReadable(sellerPage, `/notifications (${theme})`);
      await sellerContext.close();

      await page.goto(`/orders/${order.id}`);
      await hydrated(page);
      await expect(page.getByTestId("order-thread")).toBeVisible();
      await expectReadable(page, `/orders/{id} (${theme})`);
      await page.goto("/orders");
      await expect(page.getByTestId("order-row")).toBeVisible();
      await expectReadable(page, `/orders (${theme})`);
      await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
    });

    test(`the search page with results is readable in ${theme}`, async ({ page, context, baseURL, user: _user }) => {
      await useTheme(context, baseURL!, theme);
      // The seeded demo data, indexed when the server starts: maize is a product and has listings.
      await page.goto("/search?q=maize");
      await hydrated(page);
      await expectResults(page, async () => {
        await expect(
          page
            .getByRole("region", { name: /^Products/ })
            .getByRole("link")
            .first(),
        ).toBeVisible();
        await expect(
          page
            .getByRole("region", { name: /^Marketplace Listings/ })
            .getByRole("link")
            .first(),
        ).toBeVisible();
      });
      await expectReadable(page, `/search?q=maize (${theme})`);
      // Near a place, with its chip, the distances and the filters open.
      await page.goto("/search?q=maize&lat=7.3775&lng=3.9470&radius=100");
      await hydrated(page);
      await page.getByRole("button", { name: "Filters" }).click();
      await expect(page.locator("[data-near]")).toBeVisible();
      await expectResults(page, () => expect(page.locator("[data-distance]").first()).toBeVisible());
      await expectReadable(page, `/search near a place, filters open (${theme})`);
    });

    test(`the Asiiko AI page is readable in ${theme}, with a result, and locked`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      test.setTimeout(60_000);
      await withDatabase((client) =>
        client.query(
          `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
           VALUES ($1, $2, 'sandbox', 'active', $3, 15000, now(), now() + interval '30 days', now())`,
          [`e2e_sub_${randomUUID()}`, user.id, `e2e_sandbox_${randomUUID()}`],
        ),
      );
      await useTheme(context, baseURL!, theme);
      await page.goto("/asiiko");
      await hydrated(page);
      await expectReadable(page, `/asiiko (${theme})`);
      // A leaf with brown spots on soil, analysed by the built-in screening.
      const leaf = await leafPhoto("spotted");
      await page
        .getByRole("tabpanel", { name: "Crop Health" })
        .locator('input[data-input="file"]')
        .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: leaf });
      const result = page.getByRole("region", { name: "Analysis result" });
      await expect(result.locator("[data-severity]")).toHaveText(/ RISK$/, { timeout: 30_000 });
      await expect(page.locator("[data-history] [data-analysis]")).toHaveCount(1);
      // Past the toast's display, so it is not measured over the page.
      await expect(page.getByRole("region", { name: /^Notifications/ }).locator("li")).toHaveCount(0, {
        timeout: 10_000,
      });
      await expectReadable(page, `/asiiko with a result (${theme})`);
      await withDatabase(async (client) => {
        await client.query(`DELETE FROM "Subscription" WHERE "userId" = $1`, [user.id]);
        await client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]);
      });
      await page.reload();
      await expect(page.getByRole("region", { name: "Premium feature" })).toBeVisible();
      await expectReadable(page, `/asiiko locked (${theme})`);
    });

    test(`the farm mapping page is readable in ${theme}, with a farm, its plots and the drawing panel`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      // Tiles come from public servers that cannot be reached here: the map shows its plain background.
      await context.route(/arcgisonline\.com|opentopomap\.org|openstreetmap\.org/, (route) => route.abort());
      const farmId = `e2e_farm_${randomUUID()}`;
      const ring = [
        [3.91, 7.52],
        [3.915, 7.52],
        [3.915, 7.525],
        [3.91, 7.525],
        [3.91, 7.52],
      ];
      const plot = [
        [3.911, 7.521],
        [3.912, 7.521],
        [3.912, 7.522],
        [3.911, 7.522],
        [3.911, 7.521],
      ];
      const feature = (coordinates: number[][]) =>
        JSON.stringify({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [coordinates] } });
      await withDatabase(async (client) => {
        await client.query(
          `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
           VALUES ($1, $2, 'sandbox', 'active', $3, 15000, now(), now() + interval '30 days', now())`,
          [`e2e_sub_${randomUUID()}`, user.id, `e2e_sandbox_${randomUUID()}`],
        );
        await client.query(
          `INSERT INTO "Farm" (id, "ownerId", name, description, crops, "centerLat", "centerLng", boundary, "areaHectares", geohash, "updatedAt")
           VALUES ($1, $2, 'Moniya Farm', 'Cassava and a fish pond', '{Cassava,Maize,Yam,Plantain}', 7.5225, 3.9125, $3, 30.9, 's1', now())`,
          [farmId, user.id, feature(ring)],
        );
        await client.query(
          `INSERT INTO "Plot" (id, "farmId", name, type, crops, geometry, "centroidLat", "centroidLng", "areaHectares", "updatedAt")
           VALUES ($1, $2, 'Catfish pond', 'pond', '{Catfish,Tilapia,Carp}', $3, 7.5215, 3.9115, 1.23, now()), ($4, $2, 'Yam heaps', 'field', '{Yam}', NULL, NULL, NULL, NULL, now())`,
          [`e2e_plot_${randomUUID()}`, farmId, feature(plot), `e2e_plot_${randomUUID()}`],
        );
      });
      await useTheme(context, baseURL!, theme);
      await page.goto(`/mapping?farm=${farmId}`);
      await hydrated(page);
      await expect(page.locator("[data-farm-map] svg path").first()).toBeAttached();
      await expectReadable(page, `/mapping (${theme})`);
      await page.getByRole("button", { name: "Farm Boundary" }).click();
      await expect(page.locator("[data-drawing][data-drawing-ready]")).toBeVisible();
      await expectReadable(page, `/mapping drawing (${theme})`);
    });

    test(`the voice widget is readable in ${theme}, listening and after a phrase it does not know`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      void user;
      await useTheme(context, baseURL!, theme);
      await standInRecognition(context);
      await page.goto("/dashboard");
      await hydrated(page);
      await page.getByTestId("voice-button").click();
      await expect(page.getByTestId("voice-panel")).toContainText("Listening…");
      await expectReadable(page, `the voice widget listening (${theme})`, "[data-voice-widget]");
      await answerVoice(page, "what is the price of yam");
      await expect(page.getByTestId("voice-panel")).toContainText("That is not a command I know.");
      await expectReadable(page, `the voice widget's answer (${theme})`, "[data-voice-widget]");
    });

    test(`the product catalogue is readable in ${theme}`, async ({ page, context, baseURL }) => {
      const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
      try {
        await signIn(page, admin, baseURL!);
        await useTheme(context, baseURL!, theme);
        await page.goto("/product-catalog");
        await hydrated(page);
        await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
        await expectReadable(page, `/product-catalog (${theme})`);

        // Moderation beside it, with a report open on a demo listing (the administrator's own).
        await reportAListing(admin, "misleading", "The photo is of another crop");
        await page.goto("/moderation");
        await hydrated(page);
        await expect(page.getByText("The photo is of another crop")).toBeVisible();
        await expectReadable(page, `/moderation (${theme})`);
      } finally {
        await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]));
      }
    });
  });
}

test("dialogs are readable in dark, over a clearly dimmed page", async ({ page, context, baseURL, user }) => {
  void user;
  await useTheme(context, baseURL!, "dark");
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(dialog).toBeVisible();
  await expectReadable(page, "the Create Listing dialog (dark)", "dialog[open]");

  // The overlay hides at least 60% of the page behind it.
  const overlayAlpha = await page.evaluate(() => {
    const dialog = document.querySelector("dialog[open]");
    if (!dialog) return 0;
    const color = getComputedStyle(dialog, "::backdrop").backgroundColor;
    const alpha = color.match(/\/\s*([\d.]+)\s*\)$/) ?? color.match(/^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/);
    if (alpha) return Number(alpha[1]);
    return color.startsWith("rgb(") ? 1 : 0;
  });
  expect(overlayAlpha).toBeGreaterThanOrEqual(0.6);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.goto("/marketplace");
  await hydrated(page);
  await page.getByRole("button", { name: "Near Me" }).click();
  const nearMe = page.getByRole("dialog");
  await expect(nearMe).toBeVisible();
  await expectReadable(page, "the Near Me dialog (dark)", "dialog[open]");
});
