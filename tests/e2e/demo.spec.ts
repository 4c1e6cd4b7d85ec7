import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The browser tests' server runs in demo mode (tests/setup/e2e-server.ts), as `npm start` does on a
// fresh machine: every page, signed out or in, the app's pages and an error page, says so in a slim
// banner at the very top. It sits in the page's flow, so the header starts below it instead of
// under it, and its sentence fits a 360 px phone in every language, in both themes.

const BANNER = {
  en: "Demo: payments are simulated and demo accounts are public",
  fr: "Démo : paiements simulés, comptes de démonstration publics",
  ha: "Gwaji: biyan kuɗi na kwaikwayo ne, kuma asusun gwaji na kowa ne",
  ig: "Nnwale: ịkwụ ụgwọ abụghị n'ezie, akaụntụ nnwale bụkwa nke ọha",
  yo: "Ìdánwò: ìsanwó jẹ́ àfarawé, àwọn àkọọ́lẹ̀ ìdánwò sì wà ní gbangba",
} as const;
type Language = keyof typeof BANNER;
/** The banner's link to the demo SMS inbox, after the sentence. */
const INBOX: Record<Language, string> = {
  en: "SMS inbox",
  fr: "Boîte SMS",
  ha: "Akwatin SMS",
  ig: "Igbe SMS",
  yo: "Àpótí SMS",
};

const banner = (page: Page) => page.locator("[data-demo-banner]");

/** The banner is the first thing on the page, the whole width, and nothing sits on it. */
async function expectBannerOnTop(page: Page, language: Language = "en") {
  await expect(banner(page)).toHaveText(`${BANNER[language]} · ${INBOX[language]} · USSD`);
  await expect(banner(page).getByRole("link", { name: INBOX[language] })).toHaveAttribute("href", "/sms");
  // The basic phone that tries Asiiko by USSD and SMS.
  await expect(banner(page).getByRole("link", { name: "USSD" })).toHaveAttribute("href", "/ussd");
  await expect(banner(page)).toBeVisible();
  const box = (await banner(page).boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.y).toBe(0);
  expect(box.x).toBe(0);
  expect(Math.round(box.width)).toBe(width);
  // Slim: two lines at most on a phone, one on a wide screen.
  expect(box.height).toBeLessThanOrEqual(width < 640 ? 48 : 32);
  // What the reader sees at its middle is the banner itself, not something laid over it.
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("[data-demo-banner]") !== null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(true);
  return box;
}

/** The page's header (the first one) starts where the banner ends: pushed down, not covered. */
async function expectHeaderBelow(page: Page, bannerBottom: number) {
  const header = page.locator("header").first();
  await expect(header).toBeVisible();
  expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(bannerBottom - 0.5);
}

test("every page shows the demo banner above its header: landing, sign-in, app pages, checkout, an error page", async ({
  page,
  user,
}) => {
  void user;
  for (const path of ["/", "/auth", "/dashboard", "/marketplace", "/settings"]) {
    await page.goto(path);
    const box = await expectBannerOnTop(page);
    await expectHeaderBelow(page, box.y + box.height);
  }
  // A checkout link that is not valid, and an address that is no page: the banner stays.
  for (const path of ["/checkout/sandbox?session=x.y", "/no-such-page"]) {
    await page.goto(path);
    await expectBannerOnTop(page);
  }
  // Scrolled, the sticky header keeps the top of the screen; the banner stays in the flow above.
  await page.goto("/marketplace");
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect((await page.locator("header").first().boundingBox())!.y).toBe(0);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const language of Object.keys(BANNER) as Language[]) {
    test(`the banner reads whole in ${language}, light and dark, and pushes the app's header down`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      void user;
      for (const theme of ["light", "dark"]) {
        await context.addCookies([
          { name: "asiiko-lang", value: language, url: baseURL! },
          { name: "asiiko-theme", value: theme, url: baseURL! },
        ]);
        for (const path of ["/", "/dashboard"]) {
          await page.goto(path);
          const box = await expectBannerOnTop(page, language);
          await expectHeaderBelow(page, box.y + box.height);
          // Its words wrap inside the screen: nothing of it runs past the right edge.
          const right = await banner(page).evaluate((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return range.getBoundingClientRect().right;
          });
          expect(right).toBeLessThanOrEqual(360);
        }
      }
    });
  }
});
