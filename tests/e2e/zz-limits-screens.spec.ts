import { expect, test } from "./fixtures";

test("screens: the search limit on the marketplace and the search page", async ({ page, context, baseURL, user: _user }) => {
  test.setTimeout(120_000);
  for (let index = 0; index < 60; index += 1) expect((await page.request.get(`/api/search?q=w${index}&types=product`)).status()).toBe(200);
  for (const [lang, theme] of [["en", "light"], ["en", "dark"], ["ha", "light"]] as const) {
    await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }, { name: "asiiko-lang", value: lang, url: baseURL! }]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/marketplace?search=cassava");
      await expect(page.getByRole("alert")).toBeVisible();
      await page.screenshot({ path: `test-results/screens/limit-market-${lang}-${width}-${theme}.png`, fullPage: false });
      await page.goto("/search?q=cassava");
      await expect(page.getByRole("alert")).toBeVisible();
      await page.screenshot({ path: `test-results/screens/limit-search-${lang}-${width}-${theme}.png`, fullPage: false });
    }
  }
});
