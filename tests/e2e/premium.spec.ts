import { expect, hydrated, test } from "./fixtures";

// The trial's one free premium use, the locked state after it, and an upgrade
// through the built-in sandbox checkout that brings access back.
test("one free premium use, then 'Premium features used', then the sandbox checkout restores access", async ({
  page,
  user,
}) => {
  void user;
  test.setTimeout(60_000);
  await page.goto("/my-listings");
  await hydrated(page);
  // In trial: the analytics are open (no locked prompt), and the premium price suggestion is offered.
  await expect(page.getByRole("region", { name: "Unlock Advanced Listing Analytics" })).toHaveCount(0);
  await expect(page.getByText("Nothing to compare yet")).toBeVisible();
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const form = page.getByRole("dialog", { name: "Create New Listing" });
  await form.getByLabel("Product", { exact: true }).selectOption({ label: "Cassava Tubers" });
  await form.getByRole("button", { name: "Suggest a price" }).click();
  // In trial, the use is confirmed first: it ends the trial.
  const confirm = page.getByRole("dialog", { name: "Use your free trial?" });
  await expect(confirm).toContainText("using it now ends your trial");
  await confirm.getByRole("button", { name: "Yes, use my trial" }).click();
  await expect(confirm).toBeHidden();
  await expect(form.getByRole("status")).toContainText("Similar listings sell for");
  await form.getByRole("button", { name: /^Use ₦/ }).click();
  await expect(form.getByLabel("Price (NGN)")).not.toHaveValue("");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toBeHidden();

  // The use ended the trial: the locked prompt over the blurred analytics says so.
  await page.reload();
  const locked = page.getByRole("region", { name: "Unlock Advanced Listing Analytics" });
  await expect(locked).toBeVisible();
  await expect(locked).toContainText("Premium features used - upgrade to continue");
  await expect(locked).toContainText("₦15,000 per month");
  await expect(locked).not.toContainText("Trial Expired");
  await expect(page.getByRole("button", { name: "Show insights" })).toHaveCount(0);
  await page.goto("/marketplace");
  await expect(page.getByRole("complementary", { name: "Unlock Premium Marketplace" })).toContainText(
    "Premium features used - upgrade to continue",
  );

  // Upgrade through the sandbox checkout.
  await hydrated(page);
  await page
    .getByRole("complementary", { name: "Unlock Premium Marketplace" })
    .getByRole("button", { name: "Upgrade to Premium" })
    .click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\?session=/);
  await expect(page.getByText("This is a test checkout: no real card is charged.")).toBeVisible();
  await expect(page.getByText("₦15,000").first()).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Pay ₦15,000" }).click();
  // Back on the page the upgrade started from; the plan is on Settings.
  await expect(page).toHaveURL(/\/marketplace/);
  await page.goto("/settings");
  await expect(page.getByTestId("plan")).toContainText("Premium");
  await expect(page.getByTestId("plan")).toContainText("Renews on");

  // Access is back: no upsell, and the analytics open.
  await page.goto("/marketplace");
  await expect(page.getByRole("complementary", { name: "Unlock Premium Marketplace" })).toHaveCount(0);
  await page.goto("/my-listings");
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Unlock Advanced Listing Analytics" })).toHaveCount(0);
  // Nothing of theirs to compare yet: an honest empty state, and no button that would spend a use on nothing.
  await expect(page.getByText("Nothing to compare yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show insights" })).toHaveCount(0);
  const check = await page.request.get("/api/premium/premium_products/check");
  expect(await check.json()).toMatchObject({
    canAccess: true,
    hasActiveSubscription: true,
    hasUsedPremiumFeatures: true,
  });

  // Cancelling keeps Premium to the end of the paid month.
  await page.goto("/settings");
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page
    .getByRole("dialog", { name: "Cancel Premium?" })
    .getByRole("button", { name: "Cancel subscription" })
    .click();
  await expect(page.getByTestId("plan")).toContainText("Premium stays on until");
  const after = await page.request.get("/api/premium/asiiko_ai/check");
  expect(await after.json()).toMatchObject({ canAccess: true });
});

test("a trial that ran out shows the Trial Expired badge and its sentence", async ({ page, user }) => {
  const { withDatabase } = await import("./fixtures");
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [user.id]),
  );
  await page.goto("/marketplace");
  const upsell = page.getByRole("complementary", { name: /Unlock Premium Marketplace/ });
  await expect(upsell).toContainText("Trial Expired");
  await expect(upsell).toContainText("Your 1-day trial has expired");
  await page.goto("/my-listings");
  const locked = page.getByRole("region", { name: "Unlock Advanced Listing Analytics" });
  await expect(locked).toContainText("Trial Expired");
  await expect(locked).toContainText("Your 1-day trial has expired");
});

test("the upsell, the plan and the sandbox checkout look right at 360 and 1280 px, light and dark", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  const { withDatabase } = await import("./fixtures");
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  const checkout = await page.request.post("/api/subscription/checkout");
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  for (const width of [360, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/marketplace");
      await expect(page.getByRole("complementary", { name: "Unlock Premium Marketplace" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/premium-upsell-${width}-${theme}.png` });
      await page.goto("/my-listings");
      await expect(page.getByRole("region", { name: "Unlock Advanced Listing Analytics" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/premium-locked-${width}-${theme}.png` });
      await page.goto("/settings");
      await page.screenshot({ path: `test-results/screens/settings-plan-${width}-${theme}.png`, fullPage: true });
      await page.goto(checkoutUrl);
      await expect(page.getByRole("button", { name: "Pay ₦15,000" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/sandbox-checkout-${width}-${theme}.png` });
    }
  }
});
