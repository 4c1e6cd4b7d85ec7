import type { BrowserContext, Page } from "@playwright/test";
import { createUser, expect, hydrated, signIn, subscribe, test, withDatabase, toast } from "./fixtures";

// Issue 30, the account's side: checkout from any address back to the page it started from, the
// trial's exact rule beside its promise, the farm-mapping trial asked once, the plan's true text,
// the cancel dialog's two clear choices, Get Started opening Sign Up, and the queue dashboard
// reached from the sidebar by an administrator and explained to everyone else.

/** The page has no sideways scroll at its width. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, context: BrowserContext, baseURL: string, name: string, open: () => Promise<void>) {
  for (const width of [360, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL }]);
      await page.setViewportSize({ width, height: 800 });
      await open();
      await fitsWidth(page);
      await page.screenshot({ path: `test-results/screens/${name}-${width}-${theme}.png` });
    }
  }
}

test("at 127.0.0.1 on a phone, upgrading from Asiiko AI pays in the sandbox and lands back on Asiiko AI with Premium", async ({
  page,
  user,
}) => {
  test.setTimeout(60_000);
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  await page.setViewportSize({ width: 360, height: 760 });
  // The test server is addressed as 127.0.0.1 (playwright.config's baseURL), not localhost.
  await page.goto("/asiiko");
  await hydrated(page);
  const locked = page.getByRole("region", { name: "Premium feature" });
  await locked.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/sandbox\?session=/);
  await expect(page.getByText("This is a test checkout: no real card is charged.")).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Pay ₦15,000" }).click();

  // Back where the upgrade started, signed in, Premium on: the tools open, and the shell says so once.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/asiiko$/);
  await expect(toast(page, "Payment received. Welcome to Premium!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Premium feature" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Livestock" })).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: "test-results/screens/checkout-back-on-asiiko-360.png" });

  // The payment is in Settings' history, with its receipt.
  await page.goto("/settings");
  await hydrated(page);
  const history = page.getByTestId("payment-history");
  await expect(history).toContainText("₦15,000");
  await history.getByRole("link", { name: "Receipt" }).click();
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(page.getByText("Chioma Okafor")).toBeVisible();
});

test("cancelling in the sandbox goes back to the page the upgrade started from", async ({ page, user }) => {
  test.setTimeout(180_000);
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  await page.goto("/marketplace");
  await hydrated(page);
  await page
    .getByRole("complementary", { name: "Unlock Premium Marketplace" })
    .getByRole("button", { name: "Upgrade to Premium" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\?session=/);
  await hydrated(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/marketplace(\?|$)/);
  await expect(toast(page, "Checkout cancelled. You were not charged.")).toBeVisible();
  expect(
    await withDatabase(
      async (client) =>
        (await client.query(`SELECT count(*)::int AS n FROM "Subscription" WHERE "userId" = $1`, [user.id])).rows[0].n,
    ),
  ).toBe(0);
});

test("landing and sign-in state the trial's exact rule beside the promise; Get Started Free opens Sign Up", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/");
  await expect(page.getByText("Start free for 1 week · no credit card")).toBeVisible();
  await expect(page.locator("[data-trial-rule]")).toHaveText("Premium tools: one free use in your first day");
  await hydrated(page);
  await page.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expect(page.getByText("Start free for 1 week, no credit card needed.")).toBeVisible();
  await expect(page.locator("[data-trial-rule]")).toHaveText("Premium tools: one free use in your first day");

  // In Hausa (and the other languages) the rule is there in the reader's words.
  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  await page.goto("/");
  await expect(page.locator("[data-trial-rule]")).toHaveText(
    "Kayan aikin Premium: amfani ɗaya kyauta a ranarka ta farko",
  );
  await shoot(page, context, baseURL!, "landing-trial-ha", async () => {
    await page.goto("/");
    await expect(page.locator("[data-trial-rule]")).toBeVisible();
  });
  await shoot(page, context, baseURL!, "auth-trial-ha", async () => {
    await page.goto("/auth?tab=register");
    await expect(page.locator("[data-trial-rule]")).toBeVisible();
  });
});

test("a trial farmer is asked once about the trial, told mapping stays open, and Settings says until when", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  test.setTimeout(180_000);
  await context.route(/arcgisonline\.com|opentopomap\.org|openstreetmap\.org/, (route) => route.abort());
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/mapping");
  await hydrated(page);

  const confirm = page.getByRole("dialog", { name: "Use your free trial?" });
  const farmDialog = page.getByRole("dialog", { name: "Create New Farm" });
  async function createFarm(name: string) {
    await page.getByRole("button", { name: "Create Farm" }).first().click();
    await farmDialog.getByLabel("Farm Name").fill(name);
    await farmDialog.getByRole("button", { name: "Create Farm" }).click();
    await expect(farmDialog).toBeHidden();
    await expect(page.locator("[data-farm-details]")).toContainText(name);
  }

  // The first farm: asked, saying mapping then stays open for the trial day.
  await page.getByRole("button", { name: "Create Farm" }).first().click();
  await expect(confirm).toContainText("Farm mapping then stays open for the rest of your trial day");
  await page.screenshot({ path: "test-results/screens/mapping-trial-ask-360.png" });
  await confirm.getByRole("button", { name: "Yes, use my trial" }).click();
  await farmDialog.getByLabel("Farm Name").fill("First Field");
  await farmDialog.getByRole("button", { name: "Create Farm" }).click();
  await expect(farmDialog).toBeHidden();
  await expect(page.locator("[data-farm-details]")).toContainText("First Field");

  // Another farm, then tapping the first: nothing more is asked.
  await createFarm("Second Field");
  await page.locator("[data-farm-card]").filter({ hasText: "First Field" }).click();
  await expect(page.locator("[data-farm-details]")).toContainText("First Field");
  await page.reload();
  await hydrated(page);
  await page.locator("[data-farm-card]").filter({ hasText: "Second Field" }).click();
  await expect(page.locator("[data-farm-details]")).toContainText("Second Field");
  await expect(confirm).toHaveCount(0);

  // Settings says what is true: mapping open until the trial's end, not "used - upgrade to continue".
  const { createdAt } = await withDatabase(
    async (client) => (await client.query(`SELECT "createdAt" FROM "User" WHERE id = $1`, [user.id])).rows[0],
  );
  const until = new Date(new Date(createdAt).getTime() + 24 * 3600_000);
  const time = new Intl.DateTimeFormat("en-NG", { timeStyle: "short", timeZone: "Africa/Lagos" }).format(until);
  await page.goto("/settings");
  const plan = page.getByTestId("plan");
  await expect(plan).toContainText("Your free use went to farm mapping: it stays open to you until");
  await expect(plan).toContainText(time);
  await expect(plan).not.toContainText("Premium features used");
  // The badge agrees: the trial day is still running, so it says "Free trial", not "Free".
  await expect(plan).toContainText("Free trial");
  await shoot(page, context, baseURL!, "settings-mapping-open", async () => {
    await page.goto("/settings");
    await expect(page.getByTestId("plan")).toBeVisible();
  });
  await context.addCookies([{ name: "asiiko-lang", value: "yo", url: baseURL! }]);
  await page.goto("/settings");
  await expect(page.getByTestId("plan")).toContainText("Ìlò ọ̀fẹ́ rẹ lọ sí máàpù oko");
  await page.screenshot({ path: "test-results/screens/settings-mapping-open-yo-360.png", fullPage: true });
});

test("the cancel dialog offers 'Keep Premium' beside 'Cancel subscription'", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  test.setTimeout(180_000);
  await subscribe(user);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/settings");
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel Premium?" });
  await expect(dialog.getByRole("button", { name: "Keep Premium" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/cancel-dialog-360.png" });
  // Keeping Premium closes the dialog and changes nothing.
  await dialog.getByRole("button", { name: "Keep Premium" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("plan")).toContainText("Renews on");

  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  await page.goto("/settings");
  await hydrated(page);
  await page.getByRole("button", { name: "Soke rajistar Premium" }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Ci gaba da Premium" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/cancel-dialog-ha-360.png" });
});

test("an administrator opens the queue dashboard from the sidebar's Management area, no token needed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser({ role: "ADMIN" });
  try {
    await signIn(page, admin, baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/dashboard");
    const nav = page.getByRole("complementary", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: /Management/ })).toBeVisible();
    await nav.getByRole("link", { name: /Queue dashboard/ }).click();
    await expect(page).toHaveURL(/\/admin\/queues$/);
    // The dashboard names each queue in its list, and in its sidebar too when it has room for one.
    await expect(page.getByRole("link", { name: "frontend-errors" }).first()).toBeVisible();
    await expect(page.locator("[data-queues-refused]")).toHaveCount(0);
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]));
  }
});

test("anyone else opening /admin/queues gets the product's own page saying who may see it", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  test.setTimeout(180_000);
  // A farmer: the page in the shell, in their language.
  void user;
  await context.addCookies([{ name: "asiiko-lang", value: "yo", url: baseURL! }]);
  const answer = await page.goto("/admin/queues");
  expect(answer?.status()).toBe(403);
  const refused = page.locator("[data-queues-refused]");
  await expect(refused).toContainText("Àkópọ̀ ìlà iṣẹ́ wà fún àwọn alábòójútó àti òṣìṣẹ́ Asiiko nìkan");
  await expect(page.locator("#app-sidebar")).toBeAttached();
  await expect(page.getByText("AUTH_SESSION_EXPIRED")).toHaveCount(0);
  await shoot(page, context, baseURL!, "queues-refused-yo", async () => {
    await page.goto("/admin/queues");
    await expect(page.locator("[data-queues-refused]")).toBeVisible();
  });

  // A visitor: the page, and a way to sign in that comes back here.
  await context.clearCookies();
  const visitor = await page.goto("/admin/queues");
  expect(visitor?.status()).toBe(401);
  await expect(refused).toContainText("The queue dashboard is for Asiiko's administrators and operators only");
  await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute(
    "href",
    "/auth?redirectTo=%2Fadmin%2Fqueues",
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await fitsWidth(page);
  await page.screenshot({ path: "test-results/screens/queues-refused-visitor-360.png" });
});
