import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";

type FeaturedTexts = Record<
  "cassava" | "bitterLeaf" | "yam" | "moringa",
  { name: string; unit: string; description: string }
>;
type Texts = { header: { language: string; themeToDark: string }; landing: { featured: FeaturedTexts } };
const textsIn = (code: string) => JSON.parse(readFileSync(`app/locales/${code}.json`, "utf8")) as Texts;
const featuredIn = (code: string) => textsIn(code).landing.featured;

test.describe("landing page", () => {
  test("shows the hero, the featured products in naira, and leads to sign-in", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Asiiko/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Farm smarter.");

    const featured = page.getByRole("region", { name: "Featured Products" });
    for (const name of ["Fresh Cassava Tubers", "Bitter Leaf (Onugbu)", "Abakaliki Yam", "Dried Moringa Leaves"]) {
      await expect(featured.getByRole("heading", { name })).toBeVisible();
    }
    await expect(featured.getByText("₦12,500")).toBeVisible();
    // Prices name their unit the way the marketplace cards do: '₦12,500 per bag (50 kg)'.
    await expect(featured.getByText("₦12,500 per bag (50 kg)")).toBeVisible();
    await expect(featured).not.toContainText("/ ");
    await expect(page.getByText("Start free for 1 week · no credit card")).toBeVisible();
    await expect(page.getByText(/₦15,000 a month/)).toBeVisible();

    const cta = page.getByRole("link", { name: "Sign In to Start Farming" });
    await expect(cta).toHaveAttribute("href", "/auth");
  });

  test("renders the theme chosen in the asiiko-theme cookie on the server", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "asiiko-theme", value: "dark", url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("the featured products follow the language chosen; farmers and places keep their names", async ({ page }) => {
    const english = featuredIn("en");
    await page.goto("/");
    await hydrated(page);
    // Named by its heading, which changes language too.
    const featured = page.locator('section[aria-labelledby="featured-heading"]');
    let shown = "en";
    for (const code of ["ha", "yo", "ig", "fr"]) {
      await page.getByLabel(textsIn(shown).header.language, { exact: true }).click();
      await page.locator(`form[data-language-form] button[lang="${code}"]`).click();
      shown = code;
      await expect(page.locator("html")).toHaveAttribute("lang", code);
      const texts = featuredIn(code);
      for (const key of ["cassava", "bitterLeaf", "yam", "moringa"] as const) {
        expect(texts[key].name, `${code} ${key} name`).not.toBe(english[key].name);
        await expect(featured.getByRole("heading", { name: texts[key].name, exact: true })).toBeVisible();
        await expect(featured.getByText(texts[key].description, { exact: true })).toBeVisible();
        await expect(featured.getByText(texts[key].unit, { exact: true })).toBeVisible();
      }
      await expect(featured.getByText("Adebayo Ogunleye · Ogbomoso, Oyo")).toBeVisible();
      await expect(featured.getByRole("heading", { name: english.cassava.name, exact: true })).toHaveCount(0);
    }
  });

  test("loads no app code: the page, its stylesheet and its pictures are all a visitor's phone fetches", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "static");
    expect(scripts).toEqual([]);
  });

  test("the theme switches at once, and the next page keeps it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const url = page.url();
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
    expect(page.url()).toBe(url);
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("the language menu opens, closes on Escape and on a tap elsewhere", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const menu = page.locator("details[data-menu]");
    const hausa = page.locator('form[data-language-form] button[lang="ha"]');
    await page.getByLabel("Language", { exact: true }).click();
    await expect(hausa).toBeVisible();
    await expect(page.locator('form[data-language-form] button[aria-current="true"]')).toHaveAttribute("lang", "en");
    await page.keyboard.press("Escape");
    await expect(hausa).toBeHidden();
    await expect(page.getByLabel("Language", { exact: true })).toBeFocused();
    await page.getByLabel("Language", { exact: true }).click();
    await expect(menu).toHaveAttribute("open", "");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(hausa).toBeHidden();
  });

  test("the footer newsletter posts the address and the newsletter page confirms it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByPlaceholder("Your e-mail address").fill("farmer@example.ng");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("status")).toHaveText("Thank you! Your newsletter subscription is confirmed.");
  });

  test("shows the red offline banner while the connection is lost", async ({ page, context }) => {
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByText("You are offline. Some features may not work until your connection returns.");
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  });

  test.describe("with JavaScript turned off", () => {
    test.use({ javaScriptEnabled: false });

    test("the language and theme forms still work, through the server", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Language", { exact: true }).click();
      await page.locator('form[data-language-form] button[lang="yo"]').click();
      await expect(page.locator("html")).toHaveAttribute("lang", "yo");
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole("button", { name: textsIn("yo").header.themeToDark }).click();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.locator("html")).toHaveAttribute("lang", "yo");
    });
  });

  for (const width of [360, 1280]) {
    for (const theme of ["light", "dark"] as const) {
      test(`looks right at ${width} px in ${theme}`, async ({ page, context, baseURL }) => {
        if (theme === "dark") await context.addCookies([{ name: "asiiko-theme", value: "dark", url: baseURL! }]);
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/");
        // Nothing may overflow sideways on a small phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screens/landing-${width}-${theme}.png`, fullPage: true });
      });
    }
  }
});
