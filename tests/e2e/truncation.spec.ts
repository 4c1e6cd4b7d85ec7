import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  createUser,
  expect,
  hydrated,
  listingBuyersSee,
  reportAListing,
  signIn,
  squareBoundary,
  test,
  withDatabase,
} from "./fixtures";
import { unreadable } from "./unreadable";

// Every label readable on a 360 px phone in every language: not only nothing
// wider than the screen, but no text cut short (an ellipsis, a clipped or
// clamped box, a word spilling out of its button), no placeholder or chosen
// option wider than its field, no one- or two-word button or tab label broken
// over two lines. Every page a person can reach is measured as they see it,
// with its panels and dialogs open.
//
// Text that is cut on purpose carries `data-clamped` (a product's description in
// the catalogue's table, a search result's snippet): whole elsewhere, it is
// shortened there to keep the list scannable. Nothing else is skipped.

const LANGUAGES = ["en", "fr", "ha", "ig", "yo"] as const;
type Language = (typeof LANGUAGES)[number];
/** The few texts the test finds its way by (a button and a dialog of My Listings). */
type Texts = { myListings: { create: string; createTitle: string } };
const textsOf = (language: Language) =>
  JSON.parse(readFileSync(new URL(`../../app/locales/${language}.json`, import.meta.url), "utf8")) as Texts;
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Measures the page as it stands and notes what is unreadable on it. */
async function measure(page: Page, language: Language, where: string, findings: string[]) {
  for (const finding of await unreadable(page)) findings.push(`[${language}] ${where}: ${finding}`);
}

/** Opens a page as a user does (its address, then React in charge, then what they wait for) and measures it. */
async function visit(
  page: Page,
  language: Language,
  path: string,
  findings: string[],
  ready: (page: Page) => Promise<void> = (opened) => expect(opened.locator("h1").first()).toBeVisible(),
) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await ready(page);
  await measure(page, language, path, findings);
}

function report(findings: string[]) {
  expect(findings, `Text that cannot be read whole at 360 px:\n${findings.join("\n")}`).toEqual([]);
}

async function inLanguage(context: BrowserContext, baseURL: string, language: Language) {
  await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL }]);
}

async function newPhone(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL });
  await inLanguage(context, baseURL, language);
  return context;
}

/** A farm with a boundary and a plot, so the mapping page shows its details, its map tabs and its lists. */
async function createFarm(page: Page) {
  const boundary = squareBoundary(3.379, 6.524);
  const created = await page.request.post("/api/farms", {
    data: { name: "Adébáyọ̀ Family Farm", crops: ["Cassava", "Maize"], boundary },
  });
  expect(created.status()).toBe(201);
  const { farm } = (await created.json()) as { farm: { id: string } };
  const plot = await page.request.post(`/api/farms/${farm.id}/plots`, {
    data: { name: "North field", type: "field", crops: ["Cassava"] },
  });
  expect(plot.status()).toBe(201);
  return farm.id;
}

for (const language of LANGUAGES) {
  const t = textsOf(language);

  test.describe(`in ${language} on a 360 px phone`, () => {
    test("the public pages read whole", async ({ browser, baseURL }) => {
      const context = await newPhone(browser, baseURL!, language);
      const page = await context.newPage();
      const findings: string[] = [];
      await visit(page, language, "/", findings);
      await visit(page, language, "/auth", findings, (opened) =>
        expect(opened.locator('input[name="username"]').first()).toBeVisible(),
      );
      await visit(page, language, "/auth?tab=register", findings, (opened) =>
        expect(opened.locator('input[name="email"]').first()).toBeVisible(),
      );
      for (const path of [
        "/privacy",
        "/terms",
        "/newsletter",
        "/account-deleted",
        "/offline",
        "/no-such-page",
        "/auth/phone",
        "/ussd",
      ])
        await visit(page, language, path, findings);
      // The page a newsletter e-mail's link opens, and the queue dashboard's refusal to a visitor.
      await visit(page, language, `/newsletter/unsubscribe/${randomBytes(32).toString("base64url")}`, findings);
      await visit(page, language, "/admin/queues", findings);
      await context.close();
      report(findings);
    });

    test("the signed-in pages read whole, with their panels and dialogs open", async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      await inLanguage(context, baseURL!, language);
      const findings: string[] = [];
      await visit(page, language, "/dashboard", findings);

      await visit(page, language, "/marketplace", findings, (opened) =>
        expect(opened.locator("main article").first()).toBeVisible(),
      );
      await page.locator('button[aria-controls="marketplace-filters"]').click();
      await expect(page.locator("#marketplace-filters")).toBeVisible();
      await measure(page, language, "/marketplace with its filters open", findings);

      const listing = await listingBuyersSee(user);
      await visit(page, language, `/marketplace?listing=${listing.id}`, findings, (opened) =>
        expect(opened.getByRole("dialog")).toBeVisible(),
      );
      await visit(page, language, `/sellers/${listing.sellerId}`, findings, (opened) =>
        expect(opened.locator("main article").first()).toBeVisible(),
      );

      await visit(page, language, "/my-listings", findings);
      await page.getByRole("button", { name: t.myListings.create, exact: true }).click();
      await expect(page.getByRole("dialog", { name: t.myListings.createTitle })).toBeVisible();
      await measure(page, language, "/my-listings with the new listing form open", findings);
      // The Saved tab, empty (what it says is longest then).
      await visit(page, language, "/my-listings?tab=saved", findings);

      // The cart with its request form open, then the order it sends, its list and its thread.
      await visit(page, language, "/cart", findings);
      expect((await page.request.put(`/api/cart/items/${listing.id}`, { data: { quantity: 1 } })).status()).toBe(200);
      await visit(page, language, "/cart", findings, (opened) =>
        expect(opened.getByTestId("cart-seller")).toBeVisible(),
      );
      await page.getByTestId("open-order-request").click();
      await page.getByRole("radio").nth(1).check();
      await measure(page, language, "/cart with the order request form open", findings);
      const sent = await page.request.post("/api/orders", {
        data: { sellerId: listing.sellerId, fulfilment: "delivery", town: "Ibadan", message: "Morning, please" },
      });
      const order = ((await sent.json()) as { data: { order: { id: string } } }).data.order;
      await page.request.post(`/api/orders/${order.id}/messages`, { data: { body: "Can you do a lower price?" } });
      await visit(page, language, `/orders/${order.id}`, findings, (opened) =>
        expect(opened.getByTestId("order-thread")).toBeVisible(),
      );
      await visit(page, language, "/orders", findings, (opened) =>
        expect(opened.getByTestId("order-row")).toBeVisible(),
      );
      await visit(page, language, "/orders?role=seller", findings);

      // Asiiko AI while the trial is whole: the farm created below spends it on farm mapping.
      await visit(page, language, "/asiiko", findings, (opened) =>
        expect(opened.getByRole("tab").first()).toBeVisible(),
      );
      const tabs = page.getByRole("tab");
      for (let index = 1; index < (await tabs.count()); index += 1) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
        await measure(page, language, `/asiiko on its tab ${index + 1}`, findings);
      }

      const farm = await createFarm(page);
      await visit(page, language, `/mapping?farm=${farm}`, findings, (opened) =>
        expect(opened.locator(".leaflet-container")).toBeVisible(),
      );
      await visit(page, language, "/mapping", findings);

      for (const path of ["/settings", "/profile", "/sms", "/notifications", "/help", "/community", "/medicine"])
        await visit(page, language, path, findings);
      // Market prices from the demo's twelve weeks: the towns near Kano, and Kaduna's chart and table.
      await visit(page, language, "/prices", findings);
      await visit(page, language, "/prices?product=seed_product_maize&town=Kaduna&near=Kano", findings, (opened) =>
        expect(opened.getByTestId("price-chart")).toBeVisible(),
      );
      await visit(page, language, "/search?q=maize", findings, (opened) =>
        expect(opened.locator("main mark").first()).toBeVisible(),
      );

      // The demo checkout an upgrade leads to, a page not found and the queue dashboard's refusal, in the shell.
      const checkout = await page.request.post("/api/subscription/checkout");
      const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
      const sandbox = new URL(checkoutUrl, baseURL);
      await visit(page, language, sandbox.pathname + sandbox.search, findings, (opened) =>
        expect(opened.locator("dl").first()).toBeVisible(),
      );
      await visit(page, language, "/no-such-page", findings);
      await visit(page, language, "/admin/queues", findings);
      report(findings);
    });

    test("the administrator's pages read whole", async ({ page, context, baseURL }) => {
      const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
      try {
        await signIn(page, admin, baseURL!);
        await inLanguage(context, baseURL!, language);
        const findings: string[] = [];
        await visit(page, language, "/product-catalog", findings, (opened) =>
          expect(opened.locator("main li").first()).toBeVisible(),
        );
        // Moderation with a report open on a demo listing (the administrator's own report).
        await reportAListing(admin, "prohibited", "Sells a banned pesticide");
        await visit(page, language, "/moderation", findings, (opened) =>
          expect(opened.getByText("Sells a banned pesticide")).toBeVisible(),
        );
        // The queue dashboard (bull-board's own page, not the app's): its queue list once drawn.
        await page.goto("/admin/queues");
        await expect(page.locator("#root a").first()).toBeVisible();
        await measure(page, language, "/admin/queues", findings);
        report(findings);
      } finally {
        await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]));
      }
    });
  });
}

test("the check notices cut text, a placeholder or an option too wide, a broken short label and a page too wide", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/dashboard");
  await hydrated(page);
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await unreadable(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "afterbegin",
      `<p style="width: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Ìsọfúnni erùpẹ̀ oko</p>
       <input style="width: 80px" placeholder="you@example.com (kò pọn dandan)">
       <select style="width: 70px"><option>Nke kacha ọhụrụ</option></select>
       <button style="width: 50px">Tsirran Magani</button>
       <p data-clamped="" style="width: 60px; overflow: hidden; white-space: nowrap">A description cut on purpose</p>
       <div style="width: 500px">wide</div>`,
    );
  });
  const found = (await unreadable(page)).join("\n");
  expect(found).toContain('"Ìsọfúnni erùpẹ̀ oko" is cut');
  expect(found).toContain('placeholder "you@example.com (kò pọn dandan)"');
  expect(found).toContain('shows "Nke kacha ọhụrụ"');
  expect(found).toContain('"Tsirran Magani" wraps onto two lines');
  expect(found).toMatch(/the page is \d+px wide/);
  expect(found).not.toContain("A description cut on purpose");
});
