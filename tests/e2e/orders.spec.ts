import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createUser, expect, hydrated, signIn, test, withDatabase, type TestUser } from "./fixtures";

// A whole trade between two people, each in a browser of their own: the buyer (a phone, 360 px,
// in Hausa) adds a listing to the cart and sends an order request; the seller (a laptop, in
// English) is told, accepts with a lower price; the buyer accepts the change; the seller marks it
// delivered; the buyer confirms and rates the seller, and the rating shows on the seller's page
// and on the listing's card.

const SHOTS = "test-results/screens";

async function sellerWithListing() {
  const seller = await createUser({ firstName: "Musa", lastName: "Danladi" });
  const title = `Hibiscus ${randomBytes(3).toString("hex")}`;
  const listingId = `e2e_listing_${randomBytes(6).toString("hex")}`;
  await withDatabase(async (client) => {
    await client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = now() WHERE id = $1`, [
      seller.id,
      `+234803${String(Date.now()).slice(-7)}`,
    ]);
    await client.query(
      `INSERT INTO "Listing" (id, title, "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
       VALUES ($1, $2, $3, 3000, 20, 'new', 'active', $4, 'Kano', now())`,
      [listingId, title, seller.id, ["/images/products/maize.svg"]],
    );
  });
  return { seller, title, listingId };
}

async function browserFor(
  browser: Browser,
  user: TestUser,
  baseURL: string,
  options: { width: number; height: number; language: string },
) {
  const context = await browser.newContext({ viewport: { width: options.width, height: options.height } });
  await context.addCookies([{ name: "asiiko-lang", value: options.language, url: baseURL }]);
  const page = await context.newPage();
  await signIn(page, user, baseURL);
  return { context, page };
}

/** Submits a move's form and waits for the page to show its outcome. */
async function move(page: Page, testId: string) {
  await page.getByTestId(testId).click();
}

test("a whole trade between a buyer on a phone in Hausa and a seller on a laptop", async ({ browser, baseURL }) => {
  test.slow();
  const { seller, title, listingId } = await sellerWithListing();
  const buyerUser = await createUser({ firstName: "Aisha", lastName: "Garba" });
  const buyer = await browserFor(browser, buyerUser, baseURL!, { width: 360, height: 780, language: "ha" });
  const sellerSide = await browserFor(browser, seller, baseURL!, { width: 1280, height: 900, language: "en" });
  try {
    // The buyer finds the listing on the seller's page and adds it to the cart.
    const b = buyer.page;
    await b.goto(`/sellers/${seller.id}`);
    await hydrated(b);
    const card = b.getByRole("article", { name: title });
    await card.getByTestId("add-to-cart").click();
    await expect(card.getByTestId("in-cart")).toBeVisible();
    await b.getByTestId("cart-link").click();
    await expect(b).toHaveURL(/\/cart$/);
    await hydrated(b);
    await expect(b.getByTestId("cart-seller")).toHaveCount(1);

    // Five of them, to be delivered to Kano.
    const quantity = b.getByRole("spinbutton").first();
    await quantity.fill("5");
    await b.getByTestId("cart-update").click();
    await expect(b.getByTestId("cart-subtotal")).toHaveText("₦15,000");
    await b.getByTestId("open-order-request").click();
    await b.getByRole("radio").nth(1).check();
    await b.locator('input[name="town"]').fill("Kano, Kano");
    await b.locator('textarea[name="message"]').fill("Zan karba ranar Juma'a");
    await b.screenshot({ path: `${SHOTS}/orders-cart-ha-360.png`, fullPage: true });
    await b.getByTestId("send-order-request").click();
    await expect(b).toHaveURL(/\/orders\/[^/?]+\?sent=1$/);
    const orderUrl = new URL(b.url()).pathname;
    await expect(b.getByTestId("order-status")).toBeVisible();
    await expect(b.getByTestId("order-total")).toHaveText("₦15,000");
    await expect(b.getByTestId("cart-link")).toHaveAccessibleName(/0/);

    // The seller is told, opens the order and accepts it at a lower price.
    const s = sellerSide.page;
    await s.goto("/dashboard");
    await hydrated(s);
    const bell = s.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: /Notifications/ });
    await expect(bell).toContainText("Unread: 1");
    await bell.click();
    await expect(s).toHaveURL(/\/notifications$/);
    const told = s.getByTestId("notification").first();
    await expect(told).toContainText("New order request");
    await told.getByRole("link").click();
    await expect(s).toHaveURL(new RegExp(`${orderUrl}$`));
    await hydrated(s);
    await expect(s.getByTestId("order-next")).toContainText("A buyer asks for these items");
    await expect(s.getByText("Zan karba ranar Juma'a")).toBeVisible();
    await move(s, "order-open-changes");
    await s.getByLabel("Price per unit (₦)").fill("2800");
    await move(s, "order-propose");
    await expect(s.getByTestId("order-status")).toHaveText("Changes proposed");
    // Opening the order read its notification: the badge is gone.
    await expect(bell).not.toContainText("Unread");
    await expect(s.getByTestId("order-total")).toHaveText("₦14,000");

    // The buyer accepts the change; the seller's phone shows, for the handover.
    await b.reload();
    await hydrated(b);
    await expect(b.getByTestId("order-total")).toHaveText("₦14,000");
    await move(b, "order-accept");
    await expect(b.getByTestId("order-moves").getByTestId("order-confirm")).toBeVisible();
    await expect(b.locator('a[href^="tel:+234803"]')).toBeVisible();
    await b.screenshot({ path: `${SHOTS}/orders-order-ha-360.png`, fullPage: true });

    // Delivered, then confirmed: the listing gives the five up.
    await s.reload();
    await hydrated(s);
    await move(s, "order-deliver");
    await expect(s.getByTestId("order-status")).toHaveText("Delivered");
    await b.reload();
    await hydrated(b);
    await move(b, "order-confirm");
    await expect(b.getByTestId("review-form")).toBeVisible();
    const left = await withDatabase((client) =>
      client.query<{ quantity: number; reservedQuantity: number }>(
        `SELECT quantity, "reservedQuantity" FROM "Listing" WHERE id = $1`,
        [listingId],
      ),
    );
    expect(left.rows[0]).toEqual({ quantity: 15, reservedQuantity: 0 });

    // Five stars and a word; the seller's page and the card show the rating.
    await b.getByTestId("review-form").locator("label").nth(4).click();
    await b.locator('textarea[name="text"]').fill("Kaya masu kyau");
    await move(b, "review-send");
    await expect(b.getByTestId("order-review")).toContainText("Kaya masu kyau");
    await s.goto(`/sellers/${seller.id}`);
    await hydrated(s);
    await expect(s.getByTestId("seller-reviews")).toContainText("Kaya masu kyau");
    await expect(s.locator("section").first().getByTestId("seller-rating")).toContainText("5");
    await expect(s.getByRole("article", { name: title }).getByTestId("seller-rating")).toContainText("5");
    await s.screenshot({ path: `${SHOTS}/orders-seller-page-en-1280.png`, fullPage: true });
  } finally {
    await buyer.context.close();
    await sellerSide.context.close();
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = ANY($1)`, [[seller.id, buyerUser.id]]));
  }
});

test("the cart, an order and the notifications at 360 px in Yoruba, dark", async ({ browser, baseURL }) => {
  const { seller, listingId } = await sellerWithListing();
  const buyerUser = await createUser({ firstName: "Tolu", lastName: "Ade" });
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addCookies([
    { name: "asiiko-lang", value: "yo", url: baseURL! },
    { name: "asiiko-theme", value: "dark", url: baseURL! },
  ]);
  const page = await context.newPage();
  await signIn(page, buyerUser, baseURL!);
  const shoot = async (name: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBe(0);
    await page.screenshot({ path: `${SHOTS}/orders-${name}-yo-360-dark.png`, fullPage: true });
  };
  try {
    expect((await page.request.put(`/api/cart/items/${listingId}`, { data: { quantity: 3 } })).status()).toBe(200);
    await page.goto("/cart");
    await hydrated(page);
    await page.getByTestId("open-order-request").click();
    await page.getByRole("radio").nth(1).check();
    await shoot("cart");
    await page.locator('input[name="town"]').fill("Ìbàdàn");
    await page.getByTestId("send-order-request").click();
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?sent=1$/);
    await hydrated(page);
    await page.getByTestId("order-message-form").locator("textarea").fill("Ṣé ẹ lè mú un wá ní òwúrọ̀?");
    await page.getByTestId("order-message-send").click();
    await expect(page.getByTestId("order-thread")).toBeVisible();
    await shoot("order");
    await page.goto("/orders");
    await expect(page.getByTestId("order-row")).toBeVisible();
    await shoot("list");
  } finally {
    await context.close();
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = ANY($1)`, [[seller.id, buyerUser.id]]));
  }
});
