import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { weekOf } from "../../app/modules/prices/figures";
import { createUser, expect, hydrated, signIn, test, withDatabase } from "./fixtures";

// Market Prices as a farmer on a cheap phone reads them: /prices with the page's script turned
// off, at 360 px, in Yoruba (light and dark): a local name finds the product, the towns come
// with median, range, sources and change, 'Near me' orders them from a typed town, a town's
// weeks show as the server's SVG and a table, and a price alert is followed by a plain form.
// Then, with the script, the usual price beside a listing's price in the listing form, and where
// a listing's price stands on its details.

const SHOTS = "test-results/screens";
const yo = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../app/locales/yo.json"), "utf8")) as {
  prices: {
    title: string;
    productLabel: string;
    find: string;
    nearLabel: string;
    nearMe: string;
    alerts: { targetLabel: string };
  };
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** A product with twelve weeks of figures in four towns, named so that 'agbado' finds it. */
async function pricedProduct() {
  const tag = randomBytes(3).toString("hex");
  const product = { id: `e2e_product_${tag}`, name: `Maize ${tag}` };
  const thisWeek = Date.parse(`${weekOf(new Date())}T00:00:00Z`);
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Product" (id, name, categories, unit, "updatedAt") VALUES ($1, $2, '{"Grains & Cereals"}', 'bags', now())`,
      [product.id, product.name],
    );
    for (const [town, base] of [
      ["Kano", 38000],
      ["Zaria", 40000],
      ["Ibadan", 47000],
      ["Ikeja", 52000],
    ] as const) {
      for (let back = 0; back < 12; back += 1) {
        // A lean-season rise: dearer each week towards now.
        const median = base + (11 - back) * 600;
        await client.query(
          `INSERT INTO "PriceFigure" ("productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn", count, trades, outliers)
           VALUES ($1, $2, $3::date, $4::numeric, $4::numeric - 1500, $4::numeric + 2000, $4::numeric - 4000, $4::numeric + 5000, $5, $6, 0)`,
          [
            product.id,
            town,
            new Date(thisWeek - back * 7 * DAY_MS).toISOString().slice(0, 10),
            median,
            5 + back,
            back % 3,
          ],
        );
      }
    }
  });
  return product;
}

test.describe("/prices with the page's script turned off", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  test("a farmer finds a price by a local name, near their town, with a chart, and follows it, in Yoruba", async ({
    page,
    baseURL,
    user,
  }) => {
    const product = await pricedProduct();
    await page.context().addCookies([{ name: "asiiko-lang", value: "yo", url: baseURL! }]);
    void user;
    await page.goto("/prices");
    await expect(page.getByRole("heading", { level: 1, name: yo.prices.title })).toBeVisible();

    // 'agbado' is maize in Yoruba.
    await page.getByLabel(yo.prices.productLabel, { exact: true }).fill(`agbado ${product.name.split(" ")[1]}`);
    await page.getByRole("button", { name: yo.prices.find, exact: true }).click();
    await page.getByRole("link", { name: product.name }).click();
    await expect(page.getByRole("heading", { level: 2, name: product.name })).toBeVisible();
    const towns = page.getByTestId("price-town");
    await expect(towns).toHaveCount(4);
    await expect(towns.first()).toContainText("Ibadan");
    await expect(towns.filter({ hasText: "Kano" })).toContainText("₦44,600");
    await expect(towns.filter({ hasText: "Kano" })).toContainText("₦40,600");

    // Near Kaduna, the northern towns come first, with their distance.
    await page.getByLabel(yo.prices.nearLabel).fill("Kaduna");
    await page.getByRole("button", { name: yo.prices.nearMe }).click();
    await expect(towns.first()).toContainText("Zaria");
    await expect(towns.nth(1)).toContainText("Kano");
    await expect(towns.first()).toContainText("km");

    // Kano's twelve weeks: the SVG the server drew, and the same figures as a table.
    await towns.filter({ hasText: "Kano" }).getByRole("link").click();
    await expect(page.getByTestId("price-chart")).toBeVisible();
    await expect(page.getByTestId("price-weeks").locator("tbody tr")).toHaveCount(12);
    await expect(page.getByTestId("price-weeks")).toContainText("₦44,600");

    // Following the price, with a target, by a plain form post.
    await page.getByLabel(yo.prices.alerts.targetLabel).fill("40000");
    await page.getByTestId("price-follow-submit").click();
    await expect(page.getByTestId("price-following")).toContainText("₦40,000");
    await expect(page.getByTestId("price-alerts")).toContainText(product.name);

    // Nothing is wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/prices-yo-360-nojs.png`, fullPage: true });
  });

  test("the town's chart and table in Yoruba, dark, at 360 px", async ({ browser, baseURL }) => {
    const product = await pricedProduct();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
      colorScheme: "dark",
    });
    await context.addCookies([
      { name: "asiiko-lang", value: "yo", url: baseURL! },
      { name: "asiiko-theme", value: "dark", url: baseURL! },
    ]);
    const page = await context.newPage();
    await signIn(page, await createUser({ firstName: "Bola", lastName: "Ige" }), baseURL!);
    try {
      await page.goto(`/prices?product=${product.id}&town=Ibadan&near=Ibadan`);
      await expect(page.getByTestId("price-chart")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `${SHOTS}/prices-yo-360-dark.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});

test("the usual price shows beside a listing's price, and on its details", async ({ page, user }) => {
  const tag = randomBytes(3).toString("hex");
  const productId = `e2e_product_usual_${tag}`;
  const productName = `Cowpea ${tag}`;
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Product" (id, name, categories, unit, "updatedAt") VALUES ($1, $2, '{"Grains & Cereals"}', 'bags', now())`,
      [productId, productName],
    );
    for (const [index, price] of [8000, 9000, 10000, 11000, 12000].entries())
      await client.query(
        `INSERT INTO "PriceEvent" ("productId", town, "priceNgn", source, at) VALUES ($1, 'Ibadan', $2, 'listed', now() - ($3 || ' days')::interval)`,
        [productId, price, index],
      );
  });
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await dialog.getByLabel("Product", { exact: true }).selectOption({ label: productName });
  await dialog.getByRole("button", { name: "Add Location" }).click();
  const locationDialog = page.getByRole("dialog", { name: "Add Location" });
  await locationDialog.getByPlaceholder("e.g. Ibadan").fill("Ibadan");
  await locationDialog.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(locationDialog).toBeHidden();
  await expect(dialog.getByTestId("usual-price-hint")).toHaveText(
    "Usually ₦9,000 to ₦11,000 per bag in Ibadan, from 5 prices in the last 30 days.",
  );

  // A buyer sees where a listing's price stands.
  const seller = await createUser({ firstName: "Tola", lastName: "Bankole" });
  const listingId = `e2e_listing_${tag}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
       VALUES ($1, $2, $3, 14000, 5, 'new', 'active', $4, 'Ibadan, Oyo', now())`,
      [listingId, productId, seller.id, ["/images/products/maize.svg"]],
    ),
  );
  void user;
  await page.goto(`/marketplace?listing=${listingId}`);
  await hydrated(page);
  await expect(page.getByTestId("usual-price-position")).toHaveText(
    "Above the usual price in Ibadan (₦9,000 to ₦11,000)",
  );
});
