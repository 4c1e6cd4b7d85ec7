import type { Page } from "@playwright/test";
import sharp from "sharp";
import { readFileSync } from "node:fs";
import type english from "~/locales/en.json";
import { expect, hydrated, test, withDatabase, toast } from "./fixtures";

type Texts = typeof english;
const textsIn = (code: string) => JSON.parse(readFileSync(`app/locales/${code}.json`, "utf8")) as Texts;
const en = textsIn("en");
const ha = textsIn("ha");

// A farmer on the free trial sends a photo nothing can be read in (a flat grey
// frame). The result shows no risk badge: it says the photo could not be
// assessed and how to take it again, and the trial is still there for the next
// photo. The built-in photo screening answers (no provider key here).

const resultCard = (page: Page) => page.getByRole("region", { name: "Analysis result" });

const greyPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a8a88" } })
    .jpeg({ quality: 85 })
    .toBuffer();

async function sendGrey(page: Page) {
  const panel = page.getByRole("tabpanel", { name: "Crop Health" });
  await panel
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "grey.jpg", mimeType: "image/jpeg", buffer: await greyPhoto() });
  return panel;
}

test.describe("an unreadable photo on a phone", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("shows no risk badge, says how to retake it, and leaves the trial unspent", async ({ page, user }) => {
    test.setTimeout(90_000);
    await page.goto("/asiiko");
    await hydrated(page);
    const panel = page.getByRole("tabpanel", { name: "Crop Health" });
    await expect(panel).toContainText("Your first analysis uses your free trial.");
    await sendGrey(page);
    await page
      .getByRole("dialog", { name: "Use your free trial?" })
      .getByRole("button", { name: "Yes, use my trial" })
      .click();

    const card = resultCard(page);
    await expect(card).toContainText("This photo could not be assessed", { timeout: 30_000 });
    await expect(card.locator("[data-severity]")).toHaveCount(0);
    await expect(card).not.toContainText("RISK");
    await expect(card.locator("[data-confidence]")).toHaveCount(0);
    await expect(card.locator("[data-not-assessed]")).toHaveText("Not assessed");
    const advice = card.locator("[data-retake-advice]");
    await expect(advice).toContainText("does not count as a use of Asiiko AI");
    for (const tip of ["In daylight", "Close up", "In focus", "One leaf, one animal or one plant filling the frame"])
      await expect(advice).toContainText(tip);
    await expect(toast(page, "Photo Not Assessed")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The trial is still there: the tabs stay open, the history marks the photo as not assessed.
    await expect(page.getByRole("region", { name: "Premium feature" })).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Premium feature" })).toHaveCount(0);
    await expect(page.getByRole("tabpanel", { name: "Crop Health" })).toContainText(
      "Your first analysis uses your free trial.",
    );
    const entry = page.locator("[data-history] [data-analysis]");
    await expect(entry).toHaveCount(1);
    await expect(entry.locator("[data-not-assessed]")).toHaveText("Not assessed");
    await expect(entry.locator("[data-severity]")).toHaveCount(0);
    const row = await withDatabase(
      async (client) =>
        (await client.query(`SELECT "firstPremiumUseAt", "trialHeldFor" FROM "User" WHERE id = $1`, [user.id])).rows[0],
    );
    expect(row).toEqual({ firstPremiumUseAt: null, trialHeldFor: null });
  });
});

test("the not-assessed result at 360 and 1280 px, light and dark, in English and Hausa", async ({
  page,
  context,
  baseURL,
  user: _user,
}) => {
  // Eight analyses, each awaited as a farmer awaits it.
  test.setTimeout(360_000);
  for (const [language, texts] of [
    ["en", en],
    ["ha", ha],
  ] as const) {
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([
        { name: "asiiko-theme", value: theme, url: baseURL! },
        { name: "asiiko-lang", value: language, url: baseURL! },
      ]);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto("/asiiko");
        await hydrated(page);
        const panel = page.locator('[role="tabpanel"]').first();
        await panel
          .locator('input[data-input="file"]')
          .setInputFiles({ name: "grey.jpg", mimeType: "image/jpeg", buffer: await greyPhoto() });
        // The trial is asked for each time, since none of these photos spends it.
        await page
          .getByRole("dialog", { name: texts.premium.trialConfirm.title })
          .getByRole("button", { name: texts.premium.trialConfirm.confirm })
          .click();
        await expect(page.locator("[data-retake-advice]")).toContainText(texts.asiiko.result.notAssessedTitle, {
          timeout: 30_000,
        });
        await expect(page.locator("[data-result-card] [data-severity]")).toHaveCount(0);
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({
          path: `test-results/screens/asiiko-not-assessed-${language}-${width}-${theme}.png`,
          fullPage: true,
        });
      }
    }
  }
});
