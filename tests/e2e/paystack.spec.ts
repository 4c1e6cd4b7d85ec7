import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import type english from "~/locales/en.json";
import { E2E_DATABASE_URL, E2E_QUEUE_PREFIX, E2E_SESSION_SECRET } from "../support/e2e-env";
import { startFakePaystack, type FakePaystack } from "../support/fake-paystack";
import { freePort, startCompiledWeb, startCompiledWorkers, type Started } from "../support/processes";
import { createUser, expect, hydrated, signIn, test, withDatabase, type TestUser, toast } from "./fixtures";
import { unreadable } from "./unreadable";

// Paying with Paystack in the browser, on a phone: the product as `npm start` runs it (compiled
// web and workers, on the browser tests' database) with Paystack's key, against a local server
// speaking Paystack's API and playing its checkout page. Both ways to pay, each from the page the
// upgrade started on and back to it: 30 days by USSD (then Settings, the history and a receipt;
// the reminder near the end, in Hausa), and a card that renews (then a failed renewal in Settings).

type Texts = typeof english;
const textsIn = (code: string) => JSON.parse(readFileSync(`app/locales/${code}.json`, "utf8")) as Texts;
const en = textsIn("en");
const ha = textsIn("ha");

let fake: FakePaystack;
let web: Awaited<ReturnType<typeof startCompiledWeb>>;
let workers: Started;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakePaystack();
  const port = await freePort();
  const env = {
    DATABASE_URL: E2E_DATABASE_URL,
    // Its own queues: the payment events are this server's workers' to apply.
    QUEUE_PREFIX: `${E2E_QUEUE_PREFIX}-paystack`,
    SESSION_SECRET: E2E_SESSION_SECRET,
    // The browser tests' demo data and secrets; Paystack's key makes it the provider all the same.
    DEMO_MODE: "1",
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    UPLOAD_DIR: "test-results/uploads",
    ORIGINALS_DIR: "test-results/originals",
  };
  web = await startCompiledWeb(env, { port });
  workers = startCompiledWorkers({ ...env, WORKER_QUEUES: "payment-webhooks" });
  fake.setWebhookUrl(`${web.baseUrl}/api/webhooks/paystack`);
  // At start-up the web server finds or makes the monthly plan, once, before any checkout needs it.
  await expect.poll(() => fake.plans().map((plan) => [plan.amount, plan.interval])).toEqual([[1_500_000, "monthly"]]);
  expect(fake.requestsTo("POST", "/plan")).toHaveLength(1);
});

test.afterAll(async () => {
  await web?.stop();
  await workers?.stop();
  await fake?.close();
});

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A farmer whose free use is spent, signed in on this browser (the session works on either server). */
async function spentFarmer(page: Page) {
  const user = await createUser({ firstName: "Musa", lastName: "Bello" });
  await withDatabase((client) =>
    client.query(
      `UPDATE "User" SET "firstPremiumUseAt" = now(), "createdAt" = now() - interval '2 days' WHERE id = $1`,
      [user.id],
    ),
  );
  await signIn(page, user, web.baseUrl);
  return user;
}

async function chooseAndPay(page: Page, method: "transfer" | "card", channel: string) {
  const dialog = page.getByRole("dialog", { name: en.premium.methods.title });
  await expect(dialog).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: `test-results/screens/paystack-choice-${method}-360.png` });
  const label = method === "transfer" ? en.premium.methods.transfer : en.premium.methods.card;
  await dialog.getByRole("radio", { name: new RegExp(label) }).check();
  await dialog.getByRole("button", { name: en.premium.methods.continue }).click();
  // Paystack's checkout page (the local server's), then its Pay button.
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`));
  await page.getByRole("radio", { name: channel }).check();
  await page.getByRole("button", { name: "Pay" }).click();
}

const removeUser = (user: TestUser) =>
  withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));

/** A farmer with a long name whose month paid by transfer ends in two days: its subscription and payment. */
async function monthByTransferEndingSoon() {
  const payer = await createUser({ firstName: "Adaeze", lastName: "Nwankwo-Okonkwo" });
  const paymentId = `e2e_pay_${payer.id}`;
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Subscription" (id, "userId", provider, method, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
       VALUES ($1, $2, 'paystack', 'transfer', 'active', $3, 15000, now() - interval '28 days', now() + interval '2 days', now())`,
      [`e2e_sub_${payer.id}`, payer.id, `asiiko_e2e_${payer.id}`],
    );
    await client.query(
      `INSERT INTO "Payment" (id, "userId", "subscriptionId", provider, "externalId", reference, "amountKobo", method, channel, "paidAt", "periodStart", "periodEnd")
       VALUES ($1, $2, $3, 'paystack', $4, $5, 1500000, 'transfer', 'bank_transfer', now() - interval '28 days', now() - interval '28 days', now() + interval '2 days')`,
      [paymentId, payer.id, `e2e_sub_${payer.id}`, `trx_${payer.id}`, `asiiko_e2e_${payer.id}`],
    );
  });
  return { payer, paymentId };
}

async function removePayer(payer: TestUser, paymentId: string) {
  await withDatabase((client) => client.query(`DELETE FROM "Payment" WHERE id = $1`, [paymentId]));
  await removeUser(payer);
}

/** Text contrast under WCAG 2 AA, by axe's color-contrast rule (as tests/e2e/contrast.spec.ts measures). */
async function expectReadable(page: Page, where: string, within?: string) {
  let builder = new AxeBuilder({ page }).withRules(["color-contrast"]);
  if (within) builder = builder.include(within);
  const violations = (await builder.analyze()).violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(" ")}: ${node.html.replace(/\s+/g, " ").slice(0, 120)}`),
  );
  expect(violations, `Low contrast on ${where}:\n${violations.join("\n")}`).toEqual([]);
}

test("on a phone, 30 days by USSD from Asiiko AI: back on Asiiko AI with Premium, then Settings, the history and a receipt", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 760 });
  const user = await spentFarmer(page);
  await page.goto(`${web.baseUrl}/asiiko`);
  await hydrated(page);
  await page
    .getByRole("region", { name: en.premium.lockedTitle })
    .getByRole("button", { name: en.premium.upgrade })
    .click();
  await chooseAndPay(page, "transfer", "ussd");

  // Verified with Paystack on the way back, and back where the upgrade started, with Premium on.
  await expect(page).toHaveURL(`${web.baseUrl}/asiiko`);
  await expect(toast(page, en.premium.plan.checkoutSuccess)).toBeVisible();
  await expect(page.getByRole("region", { name: en.premium.lockedTitle })).toHaveCount(0);

  await page.goto(`${web.baseUrl}/settings`);
  await hydrated(page);
  const plan = page.getByTestId("plan");
  await expect(plan).toContainText(en.premium.plan.paidByTransfer);
  await expect(plan.getByRole("button", { name: en.premium.plan.cancel })).toHaveCount(0);
  await expect(plan.getByRole("button", { name: en.premium.plan.payAnother })).toBeVisible();
  const history = page.getByTestId("payment-history");
  await expect(history).toContainText("₦15,000");
  await expect(history).toContainText(en.premium.channels.ussd);
  await fitsWidth(page);
  await page.screenshot({ path: "test-results/screens/paystack-settings-transfer-360.png", fullPage: true });

  const reference = (
    await withDatabase((client) => client.query(`SELECT reference FROM "Payment" WHERE "userId" = $1`, [user.id]))
  ).rows[0].reference as string;
  await history.getByRole("link", { name: en.premium.plan.receipt }).click();
  await expect(page.getByRole("heading", { name: en.premium.receipt.title })).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText("Musa Bello")).toBeVisible();
  await expect(page.getByRole("button", { name: en.premium.receipt.print })).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: "test-results/screens/paystack-receipt-360.png", fullPage: true });

  // Two days before the month ends, the dashboard and Settings remind, in Hausa too, dark.
  await withDatabase((client) =>
    client.query(`UPDATE "Subscription" SET "currentPeriodEnd" = now() + interval '2 days' WHERE "userId" = $1`, [
      user.id,
    ]),
  );
  for (const [language, texts] of [
    ["en", en],
    ["ha", ha],
  ] as const) {
    await page.context().addCookies([
      { name: "asiiko-lang", value: language, url: web.baseUrl },
      { name: "asiiko-theme", value: "dark", url: web.baseUrl },
    ]);
    await page.goto(`${web.baseUrl}/dashboard`);
    await hydrated(page);
    const reminder = page.getByTestId("renewal-reminder");
    await expect(reminder).toBeVisible();
    await expect(reminder.getByRole("button", { name: texts.premium.plan.payAnother })).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: `test-results/screens/paystack-reminder-${language}-360-dark.png` });
  }
  await page.context().addCookies([{ name: "asiiko-lang", value: "en", url: web.baseUrl }]);
  await page.goto(`${web.baseUrl}/dashboard`);
  await hydrated(page);

  // Paying early from the reminder adds 30 days to the end of the running month.
  const before = (
    await withDatabase((client) =>
      client.query(`SELECT "currentPeriodEnd" FROM "Subscription" WHERE "userId" = $1`, [user.id]),
    )
  ).rows[0].currentPeriodEnd as Date;
  await page.getByTestId("renewal-reminder").getByRole("button", { name: en.premium.plan.payAnother }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`));
  await page.getByRole("radio", { name: "bank_transfer" }).check();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`${web.baseUrl}/dashboard`);
  await expect(page.getByTestId("renewal-reminder")).toHaveCount(0);
  const after = (
    await withDatabase((client) =>
      client.query(`SELECT "currentPeriodEnd" FROM "Subscription" WHERE "userId" = $1`, [user.id]),
    )
  ).rows[0].currentPeriodEnd as Date;
  expect(after.getTime() - before.getTime()).toBe(30 * 24 * 3600 * 1000);
  await removeUser(user);
});

test("on a phone, a card from Settings renews monthly; a failed renewal is explained there, with the card page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 760 });
  const user = await spentFarmer(page);
  await page.goto(`${web.baseUrl}/settings`);
  await hydrated(page);
  await page.getByTestId("plan").getByRole("button", { name: en.premium.upgrade }).click();
  await chooseAndPay(page, "card", "card");

  await expect(page).toHaveURL(`${web.baseUrl}/settings`);
  await expect(toast(page, en.premium.plan.checkoutSuccess)).toBeVisible();
  const plan = page.getByTestId("plan");
  await expect(plan).toContainText(en.premium.plan.paidByCard);
  // Paystack names the subscription a moment later: then the card can be changed.
  let code = "";
  await expect
    .poll(async () => {
      const row = await withDatabase((client) =>
        client.query(`SELECT "externalId", "emailToken" FROM "Subscription" WHERE "userId" = $1`, [user.id]),
      );
      code = row.rows[0]?.emailToken ? (row.rows[0].externalId as string) : "";
      return code;
    })
    .not.toBe("");

  // The card could not be charged for the next month: Premium stays, and Settings says so.
  await fake.failRenewal(code);
  await expect
    .poll(
      async () =>
        (
          await withDatabase((client) =>
            client.query(`SELECT status FROM "Subscription" WHERE "userId" = $1`, [user.id]),
          )
        ).rows[0].status,
    )
    .toBe("past_due");
  await page.reload();
  await hydrated(page);
  await expect(plan.getByRole("status")).toContainText("Your card could not be charged for the next month");
  await expect(plan.getByRole("button", { name: en.premium.plan.updateCard })).toBeVisible();
  await expect(plan.getByRole("button", { name: en.premium.plan.cancel })).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: "test-results/screens/paystack-settings-card-failed-360.png", fullPage: true });

  // Update card opens Paystack's page for this subscription.
  await plan.getByRole("button", { name: en.premium.plan.updateCard }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/manage/subscriptions/${code}`));
  await removeUser(user);
});

test("a payer who leaves Paystack's page comes back to where they were, told nothing was charged", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const user = await spentFarmer(page);
  await page.goto(`${web.baseUrl}/marketplace`);
  await hydrated(page);
  const upsell = page.getByRole("button", { name: /Upgrade/ }).first();
  await upsell.click();
  const dialog = page.getByRole("dialog", { name: en.premium.methods.title });
  await dialog.getByRole("button", { name: en.premium.methods.continue }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`));
  // The payer closes Paystack's page: Paystack marks it abandoned, and its cancel link comes back here.
  const reference = fake.requestsTo("POST", "/transaction/initialize").at(-1)!.body as { reference: string };
  fake.transaction(reference.reference)!.transaction.status = "abandoned";
  await page.goto(`${web.baseUrl}/checkout/paystack/return?reference=${reference.reference}`);
  await expect(page).toHaveURL(`${web.baseUrl}/marketplace`);
  await expect(toast(page, en.premium.plan.checkoutCancelled)).toBeVisible();
  await removeUser(user);
});

test("the choice of how to pay, the reminder, Settings with its history, and the receipt read whole at 360 px in every language", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const spent = await spentFarmer(page);
  const { payer, paymentId } = await monthByTransferEndingSoon();
  const findings: string[] = [];
  for (const language of ["en", "fr", "ha", "ig", "yo"] as const) {
    const texts = textsIn(language);
    await page.context().addCookies([{ name: "asiiko-lang", value: language, url: web.baseUrl }]);
    const measure = async (where: string) => {
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      for (const finding of await unreadable(page)) findings.push(`[${language}] ${where}: ${finding}`);
    };
    await signIn(page, spent, web.baseUrl);
    await page.goto(`${web.baseUrl}/settings`);
    await hydrated(page);
    await page.getByTestId("plan").getByRole("button", { name: texts.premium.upgrade }).click();
    await expect(page.getByRole("dialog", { name: texts.premium.methods.title })).toBeVisible();
    await measure("the choice of how to pay");
    await signIn(page, payer, web.baseUrl);
    for (const path of ["/dashboard", "/settings", `/receipts/${paymentId}`]) {
      await page.goto(`${web.baseUrl}${path}`);
      await hydrated(page);
      await expect(page.locator("h1").first()).toBeVisible();
      await measure(path);
    }
    await page.screenshot({ path: `test-results/screens/paystack-receipt-${language}-360.png`, fullPage: true });
  }
  expect(findings, `Text that cannot be read whole at 360 px:\n${findings.join("\n")}`).toEqual([]);
  await removeUser(spent);
  await removePayer(payer, paymentId);
});

test("at 1280 px, the choice of how to pay, the reminder, Settings and the receipt pass the contrast check in both themes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const spent = await spentFarmer(page);
  const { payer, paymentId } = await monthByTransferEndingSoon();
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([
      { name: "asiiko-theme", value: theme, url: web.baseUrl },
      { name: "asiiko-lang", value: "en", url: web.baseUrl },
    ]);
    await signIn(page, spent, web.baseUrl);
    await page.goto(`${web.baseUrl}/settings`);
    await hydrated(page);
    await page.getByTestId("plan").getByRole("button", { name: en.premium.upgrade }).click();
    await expect(page.getByRole("dialog", { name: en.premium.methods.title })).toBeVisible();
    await expectReadable(page, `the choice of how to pay (${theme})`, "dialog");
    await page.screenshot({ path: `test-results/screens/paystack-choice-1280-${theme}.png` });
    await signIn(page, payer, web.baseUrl);
    for (const [name, path] of [
      ["dashboard", "/dashboard"],
      ["settings", "/settings"],
      ["receipt", `/receipts/${paymentId}`],
    ] as const) {
      await page.goto(`${web.baseUrl}${path}`);
      await hydrated(page);
      await expectReadable(page, `${path} (${theme})`);
      await page.screenshot({ path: `test-results/screens/paystack-${name}-1280-${theme}.png`, fullPage: true });
    }
  }
  await removeUser(spent);
  await removePayer(payer, paymentId);
});
