import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { hashPassword } from "~/modules/auth/password.server";
import {
  createUser,
  expect,
  expectResults,
  hydrated,
  indexForSearch,
  signIn,
  test,
  toast,
  withDatabase,
  type TestUser,
} from "./fixtures";

// Reports and moderation in the browser: a buyer reports a listing from its details; an
// administrator opens Moderation and hides it with a reason; the seller sees in My Listings that
// it was hidden and why; a suspended seller trying to sign in is told how to reach support.
// Then the same screens at 360 px in Hausa, dark, as screenshots to look at.

const PASSWORD = "ngozi-password-2026";

/** A seller (the fixture's kind of user) with one active listing of their own title, searchable. */
async function sellerWithListing(title: string) {
  const seller = await createUser({ firstName: "Ngozi", lastName: "Eze" });
  const id = `e2e_listing_${randomBytes(6).toString("hex")}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, title, "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
       VALUES ($1, $2, $3, '18000.00', 5, 'new', 'active', $4, 'Nsukka, Enugu', now())`,
      [id, title, seller.id, ["/images/products/maize.svg"]],
    ),
  );
  await indexForSearch("listing", [id]);
  return { seller, id };
}

async function pageAs(browser: Browser, user: TestUser, baseURL: string, options: { width?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user, baseURL);
  return page;
}

async function openDetails(page: Page, title: string) {
  await page.goto(`/marketplace?search=${encodeURIComponent(title)}`);
  await hydrated(page);
  const card = page.getByRole("article", { name: title });
  await expectResults(page, () => expect(card).toBeVisible());
  await card.getByRole("button", { name: "View" }).click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details).toBeVisible();
  return details;
}

test("a buyer reports a listing, an administrator hides it with a reason, and its seller sees why", async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Ofada rice ${randomBytes(3).toString("hex")}`;
  const { seller, id } = await sellerWithListing(title);

  // The buyer (the fixture's user) reports it from its details.
  void user;
  const details = await openDetails(page, title);
  await details.getByRole("button", { name: "Report" }).click();
  const report = page.getByRole("dialog", { name: "Report this listing" });
  await expect(report).toBeVisible();
  await expect(report).toContainText("The seller is never told who reported it.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByText("Choose a reason.")).toBeVisible();
  await report.getByLabel("Scam or fraud").check();
  await report.getByLabel("What happened? (optional)").fill("Asked me to pay in advance by transfer");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report).toBeHidden();
  await expect(toast(page, "Report sent")).toBeVisible();
  // A second report of the same listing is refused, and says why.
  await details.getByRole("button", { name: "Report" }).click();
  await report.getByLabel("Prohibited item").check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByRole("alert")).toHaveText(
    "You have already reported this listing. A moderator will look at it.",
  );

  // An administrator finds it under Moderation, beside the catalogue, and hides it.
  const admin = await createUser({ firstName: "Bola", lastName: "Ade", role: "ADMIN" });
  const adminPage = await pageAs(browser, admin, baseURL!);
  await adminPage.goto("/dashboard");
  await hydrated(adminPage);
  await adminPage
    .getByRole("complementary", { name: "Main navigation" })
    .getByRole("link", { name: /Moderation/ })
    .click();
  await expect(adminPage).toHaveURL(/\/moderation$/);
  const card = adminPage.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Scam or fraud");
  await expect(card).toContainText("Asked me to pay in advance by transfer");
  await expect(card).toContainText("by Chioma O.");
  await expect(card).toContainText("Ngozi E.");
  await card.getByLabel("Action").selectOption({ label: "Hide the listing" });
  await card.getByRole("button", { name: "Hide the listing" }).click();
  await expect(card.getByText("Say why: the seller is shown it.")).toBeVisible();
  await card.getByLabel("Reason (the seller is shown it)").fill("Asks buyers to pay before delivery");
  await card.getByRole("button", { name: "Hide the listing" }).click();
  await expect(toast(adminPage, "Listing hidden.")).toBeVisible();
  await expect(card).toBeHidden();
  await adminPage.context().close();

  // The seller sees it in My Listings, hidden by a moderator, with the reason; buyers no longer find it.
  const sellerPage = await pageAs(browser, seller, baseURL!);
  await sellerPage.goto("/my-listings");
  await hydrated(sellerPage);
  const own = sellerPage.getByRole("article", { name: title });
  await expect(own.getByTestId("listing-hidden")).toContainText("Hidden by a moderator");
  await expect(own.getByTestId("listing-hidden")).toContainText("Reason: Asks buyers to pay before delivery");
  await own.getByRole("button", { name: "Pause" }).click();
  await expect(toast(sellerPage, "Listing paused")).toBeVisible();
  await expect(own.getByRole("button", { name: "Activate" })).toBeDisabled();
  await sellerPage.context().close();

  await page.goto(`/marketplace?search=${encodeURIComponent(title)}`);
  await hydrated(page);
  await expectResults(page, () => expect(page.getByRole("article", { name: title })).toHaveCount(0));
  const stored = await withDatabase((client) =>
    client.query(`SELECT "hiddenCause", "hiddenReason" FROM "Listing" WHERE id = $1`, [id]),
  );
  expect(stored.rows[0]).toEqual({ hiddenCause: "moderator", hiddenReason: "Asks buyers to pay before delivery" });
});

test("a suspended seller trying to sign in is told how to reach support", async ({ browser }) => {
  const seller = await createUser({ firstName: "Ngozi", lastName: "Eze" });
  const hash = await hashPassword(PASSWORD);
  await withDatabase((client) =>
    client.query(
      `UPDATE "User" SET "passwordHash" = $2, "suspendedAt" = now(), "suspensionReason" = 'Scams' WHERE id = $1`,
      [seller.id, hash],
    ),
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tabpanel").getByLabel("Username").fill(seller.username);
  await page.getByRole("tabpanel").getByLabel("Password").fill(PASSWORD);
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
  const notice = page.getByTestId("account-suspended");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Account suspended");
  await expect(notice.getByRole("link", { name: "support@asiiko.ng" })).toHaveAttribute(
    "href",
    "mailto:support@asiiko.ng",
  );
  await expect(page).toHaveURL(/\/auth/);
  await context.close();
});

test("the screens at 360 px in Hausa, dark", async ({ browser, baseURL, user }) => {
  test.setTimeout(90_000);
  const title = `Shinkafa ${randomBytes(3).toString("hex")}`;
  const { seller, id } = await sellerWithListing(title);
  const cookies = (url: string) => [
    { name: "asiiko-lang", value: "ha", url },
    { name: "asiiko-theme", value: "dark", url },
  ];
  const shoot = async (page: Page, name: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBe(0);
    await page.screenshot({ path: `test-results/screens/moderation-${name}-ha-360-dark.png` });
  };

  // The report dialog.
  const buyerPage = await pageAs(browser, user, baseURL!, { width: 360 });
  await buyerPage.context().addCookies(cookies(baseURL!));
  await buyerPage.goto(`/marketplace?search=${encodeURIComponent(title)}`);
  await hydrated(buyerPage);
  await expect(buyerPage.locator("html")).toHaveAttribute("lang", "ha");
  const card = buyerPage.getByRole("article", { name: title });
  await expectResults(buyerPage, () => expect(card).toBeVisible());
  await card.getByRole("button", { name: "Duba", exact: true }).click();
  await buyerPage.getByRole("button", { name: "Kai rahoto" }).click();
  const report = buyerPage.getByRole("dialog", { name: "Kai rahoton wannan kaya" });
  await report.getByLabel("Zamba ko damfara").check();
  await report.getByRole("textbox").fill("Ya nemi in biya kafin in ga kayan");
  await shoot(buyerPage, "report");
  await report.getByRole("button", { name: "Aika rahoto" }).click();
  await expect(report).toBeHidden();
  await buyerPage.context().close();

  // Moderation, with the report.
  const admin = await createUser({ firstName: "Bola", lastName: "Ade", role: "ADMIN" });
  const adminPage = await pageAs(browser, admin, baseURL!, { width: 360 });
  await adminPage.context().addCookies(cookies(baseURL!));
  await adminPage.goto("/moderation");
  await hydrated(adminPage);
  const reported = adminPage.getByRole("article", { name: title });
  await expect(reported).toContainText("Zamba ko damfara");
  await reported.scrollIntoViewIfNeeded();
  await shoot(adminPage, "page");
  await reported.getByRole("combobox").selectOption("suspend_seller");
  await reported.getByRole("textbox").fill("Zamba da yawa");
  await reported.getByRole("button", { name: "Dakatar da mai sayarwa" }).click();
  // By the reason too: another test's seller of the same name may be suspended at the same minute.
  const suspended = adminPage
    .getByTestId("suspended-seller")
    .filter({ hasText: "Ngozi E." })
    .filter({ hasText: "Zamba da yawa" });
  await expect(suspended).toBeVisible();
  await suspended.scrollIntoViewIfNeeded();
  await shoot(adminPage, "suspended");
  await adminPage.context().close();

  // The seller's card, hidden (their suspension lifted in the database, the listing hidden by a moderator).
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "suspendedAt" = NULL, "suspensionReason" = NULL WHERE id = $1;`, [seller.id]),
  );
  await withDatabase((client) =>
    client.query(
      `UPDATE "Listing" SET "hiddenCause" = 'moderator', "hiddenReason" = 'Hotunan wani mai sayarwa ne' WHERE id = $1`,
      [id],
    ),
  );
  const sellerPage = await pageAs(browser, seller, baseURL!, { width: 360 });
  await sellerPage.context().addCookies(cookies(baseURL!));
  await sellerPage.goto("/my-listings");
  await hydrated(sellerPage);
  await expect(sellerPage.getByTestId("listing-hidden")).toContainText("Mai sa ido ya ɓoye shi");
  await sellerPage.getByTestId("listing-hidden").scrollIntoViewIfNeeded();
  await shoot(sellerPage, "my-listings");
  await sellerPage.context().close();

  // The sign-in page refusing a suspended account.
  await withDatabase(async (client) =>
    client.query(`UPDATE "User" SET "passwordHash" = $2, "suspendedAt" = now() WHERE id = $1`, [
      seller.id,
      await hashPassword(PASSWORD),
    ]),
  );
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await context.addCookies(cookies(baseURL!));
  const signInPage = await context.newPage();
  await signInPage.goto("/auth");
  await hydrated(signInPage);
  await signInPage.getByRole("tabpanel").locator('input[name="username"]').fill(seller.username);
  await signInPage.getByRole("tabpanel").locator('input[name="password"]').fill(PASSWORD);
  await signInPage.getByRole("tabpanel").locator('input[name="password"]').press("Enter");
  await expect(signInPage.getByTestId("account-suspended")).toContainText("An dakatar da asusu");
  await shoot(signInPage, "sign-in");
  await context.close();
});

test("Moderation at 360 px in Yoruba, dark, with a report open and a seller suspended", async ({
  browser,
  baseURL,
}) => {
  const title = `Iṣu ${randomBytes(3).toString("hex")}`;
  const { seller, id } = await sellerWithListing(title);
  const reporter = await createUser({ firstName: "Tunde", lastName: "Bello" });
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "ListingReport" (id, "listingId", "reporterId", reason, note)
       VALUES ($1, $2, $3, 'misleading', 'Àwòrán náà kì í ṣe iṣu yìí')`,
      [`e2e_report_${randomBytes(8).toString("hex")}`, id, reporter.id],
    ),
  );
  const admin = await createUser({ firstName: "Bola", lastName: "Ade", role: "ADMIN" });
  const page = await pageAs(browser, admin, baseURL!, { width: 360 });
  await page.context().addCookies([
    { name: "asiiko-lang", value: "yo", url: baseURL! },
    { name: "asiiko-theme", value: "dark", url: baseURL! },
  ]);
  await page.goto("/moderation");
  await hydrated(page);
  const reported = page.getByRole("article", { name: title });
  await expect(reported).toContainText("Àwòrán náà kì í ṣe iṣu yìí");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await reported.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/moderation-page-yo-360-dark.png" });
  await reported.getByRole("combobox").selectOption("suspend_seller");
  await reported.getByRole("textbox").fill("Ó ń tan àwọn olùrà jẹ");
  await reported.getByRole("button", { name: "Dá olùtajà dúró" }).click();
  // Other tests leave sellers of the same name suspended: this one is told by its reason.
  const suspended = page.getByTestId("suspended-seller").filter({ hasText: "Ó ń tan àwọn olùrà jẹ" });
  await expect(suspended).toContainText("Ngozi E.");
  await suspended.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.screenshot({ path: "test-results/screens/moderation-suspended-yo-360-dark.png" });
  await page.context().close();
  await withDatabase((client) =>
    client.query(`DELETE FROM "User" WHERE id = ANY($1)`, [[seller.id, reporter.id, admin.id]]),
  );
});

test("a payment that granted nothing, at 360 px in Yoruba, dark: why, what was paid and what was expected", async ({
  browser,
  baseURL,
}) => {
  // As the worker stores a signed one-naira charge on another plan with a subscriber's customer code.
  const reference = `T${randomBytes(12).toString("hex")}_never_started_here`;
  const eventId = `paystack/charge.success/e2e_${randomBytes(8).toString("hex")}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "PaymentEvent" (id, type, provider, payload, status, "processedAt", "ignoredReason", "ignoredFacts")
       VALUES ($1, 'charge.success', 'paystack', '{}', 'ignored', now(), 'wrong_plan', $2)`,
      [
        eventId,
        JSON.stringify({
          reference,
          amountKobo: 100,
          currency: "NGN",
          plan: "PLN_someone_elses_plan",
          expectedKobo: 1_500_000,
          expectedPlan: "PLN_asiiko_premium_monthly",
        }),
      ],
    ),
  );
  const admin = await createUser({ firstName: "Bola", lastName: "Ade", role: "ADMIN" });
  const page = await pageAs(browser, admin, baseURL!, { width: 360 });
  try {
    await page.context().addCookies([
      { name: "asiiko-lang", value: "yo", url: baseURL! },
      { name: "asiiko-theme", value: "dark", url: baseURL! },
    ]);
    await page.goto("/moderation");
    await hydrated(page);
    const ignored = page.getByTestId("ignored-payment").filter({ hasText: reference });
    await expect(ignored).toContainText("Kì í ṣe ètò tàbí iye owó tí a fi ta ìforúkọsílẹ̀ yìí");
    await expect(ignored).toContainText("₦1");
    await expect(ignored).toContainText("₦15,000");
    await ignored.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.screenshot({ path: "test-results/screens/moderation-ignored-payment-yo-360-dark.png" });
  } finally {
    await page.context().close();
    await withDatabase((client) => client.query(`DELETE FROM "PaymentEvent" WHERE id = $1`, [eventId]));
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]));
  }
});
