import { randomUUID } from "node:crypto";
import { expect, hydrated, indexForSearch, test, type TestUser, withDatabase } from "./fixtures";

// What a new user trips over first: a premium use spent without asking, invented figures,
// a locked prompt cut off on a phone, English left in other languages, unlabelled controls.

async function seedActiveListing(user: TestUser, productId = "seed_product_maize", priceNgn = "45000.00") {
  const id = `e2e_listing_${randomUUID()}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
       VALUES ($1, $2, $3, $4, 5, 'new', 'active', $5, 'Ibadan', now())`,
      [id, productId, user.id, priceNgn, ["/images/products/maize.svg"]],
    ),
  );
  await indexForSearch("listing", [id]);
}

async function premiumUses(user: TestUser): Promise<number> {
  return withDatabase(async (client) => {
    const result = await client.query<{ count: string }>(
      `SELECT count(*) FROM "PremiumFeatureUse" WHERE "userId" = $1`,
      [user.id],
    );
    return Number(result.rows[0]!.count);
  });
}

test("market insights: no invented figures, the trial user confirms, and the look paid for stays on screen", async ({
  page,
  user,
}) => {
  await seedActiveListing(user);
  await page.goto("/my-listings");
  await hydrated(page);
  const insights = page.getByRole("region", { name: "Market price insights" });
  await expect(insights.getByRole("button", { name: "Show insights" })).toBeVisible();
  // Before the look: no rows, no naira figures, nothing called an example.
  await expect(insights.getByRole("table")).toHaveCount(0);
  await expect(insights).not.toContainText("₦");
  await expect(insights).not.toContainText("Example");
  await expect(insights).toContainText("Showing insights uses your free trial.");

  // Cancelling the confirmation spends nothing.
  await insights.getByRole("button", { name: "Show insights" }).click();
  const confirm = page.getByRole("dialog", { name: "Use your free trial?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await premiumUses(user)).toBe(0);

  // Confirming shows the seller's own listing against the market, and it stays shown after the trial ends.
  await insights.getByRole("button", { name: "Show insights" }).click();
  await confirm.getByRole("button", { name: "Yes, use my trial" }).click();
  const table = insights.getByRole("table");
  await expect(table).toContainText("₦45,000");
  await expect(insights).toContainText("Your free trial is used.");
  await expect(page.getByRole("region", { name: "Unlock Advanced Listing Analytics" })).toHaveCount(0);
  expect(await premiumUses(user)).toBe(1);
  const check = await page.request.get("/api/premium/premium_products/check");
  expect(await check.json()).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });

  // On the next visit the prompt is back, over a preview with no figures in it.
  await page.reload();
  const locked = page.getByRole("region", { name: "Unlock Advanced Listing Analytics" });
  await expect(locked).toContainText("Premium features used - upgrade to continue");
  await expect(page.getByRole("region", { name: "Market price insights" })).not.toContainText("₦45,000");
});

test("market insights with nothing to compare: an honest empty state and nothing spent", async ({ page, user }) => {
  await page.goto("/my-listings");
  await hydrated(page);
  const insights = page.getByRole("region", { name: "Market price insights" });
  await expect(insights).toContainText("Nothing to compare yet");
  await expect(insights.getByRole("button", { name: "Show insights" })).toHaveCount(0);
  // Even asked directly, a look at nothing is not a premium use.
  const forms: Record<string, string>[] = [
    { intent: "insights" },
    { intent: "suggest-price", productId: "seed_product_moringa_leaves_nothing" },
  ];
  for (const form of forms) {
    const answer = await page.request.post("/my-listings.data", {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(page.url()).origin },
      data: new URLSearchParams(form).toString(),
    });
    expect(answer.status(), form.intent).toBeLessThan(500);
  }
  expect(await premiumUses(user)).toBe(0);
  const check = await page.request.get("/api/premium/premium_products/check");
  expect(await check.json()).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });
});

for (const language of ["fr", "ig", "en", "ha", "yo"] as const) {
  test(`the locked prompt fits its box at 360 px in ${language}, with some of the preview showing`, async ({
    page,
    context,
    baseURL,
    user,
  }) => {
    await withDatabase((client) =>
      client.query(`UPDATE "User" SET "createdAt" = now() - interval '25 hours' WHERE id = $1`, [user.id]),
    );
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/my-listings");
    const box = page.locator("[data-premium-gate]");
    const prompt = box.locator("[data-premium-prompt]");
    await expect(prompt).toBeVisible();
    const [promptBox, outerBox] = [await prompt.boundingBox(), await box.boundingBox()];
    expect(promptBox && outerBox).toBeTruthy();
    // Inside its box, top and bottom, with a band of the blurred preview above and below.
    expect(promptBox!.y - outerBox!.y, "preview above the prompt").toBeGreaterThanOrEqual(24);
    expect(
      outerBox!.y + outerBox!.height - (promptBox!.y + promptBox!.height),
      "preview below the prompt",
    ).toBeGreaterThanOrEqual(24);
    expect(promptBox!.x).toBeGreaterThanOrEqual(outerBox!.x);
    expect(promptBox!.x + promptBox!.width).toBeLessThanOrEqual(outerBox!.x + outerBox!.width + 0.5);
  });
}

test("Hausa, Igbo and Yoruba pages write month names in their own language", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "createdAt" = '2026-11-03T10:00:00Z' WHERE id = $1`, [user.id]),
  );
  for (const [language, month] of [
    ["ha", "Nuwamba"],
    ["ig", "Novemba"],
    ["yo", "Bélú"],
  ] as const) {
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.goto("/profile");
    await expect(page.locator("main")).toContainText(`3 ${month} 2026`);
    await expect(page.locator("main")).not.toContainText("November");
  }
});

test("the toast region and the Settings theme choice are labelled in the reader's language", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  void user;
  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  await page.goto("/settings");
  await hydrated(page);
  // The region is out of view (a closed popover) while it holds no toast.
  await expect(page.getByRole("region", { name: "Sanarwa (F8)", includeHidden: true })).toBeAttached();
  await expect(page.getByRole("region", { name: /Notifications/, includeHidden: true })).toHaveCount(0);

  await context.addCookies([{ name: "asiiko-lang", value: "en", url: baseURL! }]);
  await page.reload();
  await hydrated(page);
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("button", { name: "Light" })).toHaveAttribute("aria-pressed", "true");
  await theme.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(theme.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
  // The header's toggle follows: it now offers light mode.
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("the footer shows no placeholder telephone number", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("support@asiiko.ng");
  await expect(footer).not.toContainText("ASIIKO");
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(0);
});

test("the language named Yoruba is spelt one way, as the language menu spells it", async ({
  page,
  context,
  baseURL,
}) => {
  for (const language of ["en", "yo", "ha"] as const) {
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("body")).toContainText("Yoruba");
    await expect(page.locator("body")).not.toContainText("Yorùbá");
  }
  await hydrated(page);
  await page
    .getByLabel(/language|Harshe|Èdè/i)
    .first()
    .click();
  await expect(page.locator("form[data-language-form]").getByRole("button", { name: "Yoruba" })).toBeVisible();
});
