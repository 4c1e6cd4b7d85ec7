import type { Page } from "@playwright/test";
import { expect, hydrated, squareBoundary, test } from "./fixtures";

// Every language on a 360 px phone: the longest words of French, Hausa, Igbo and
// Yoruba must wrap, not push the page sideways. Each page is filled as a farmer
// sees it (listings, search results, a farm with a boundary and a plot).

const LANGUAGES = ["en", "fr", "ha", "ig", "yo"] as const;
const PHONE = { width: 360, height: 740 };

/**
 * What sticks out on the right of the screen: the page's own width, then every element and
 * every run of text whose right edge passes the screen's, unless a box that clips or scrolls
 * sideways holds it (a map, a row of tabs that scrolls, a truncated line).
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    const clipped = (element: Element | null) => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== "visible" && node.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 3).join(".")}`;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (!clipped(element.parentElement) && getComputedStyle(element).overflowX === "visible")
        found.push(`${name(element)} ends at ${Math.round(box.right)}px`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent?.trim()) continue;
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && !clipped(text.parentElement))
        found.push(`"${text.textContent.trim().slice(0, 40)}" ends at ${Math.round(box.right)}px`);
    }
    return found;
  });
}

async function expectFits(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await hydrated(page);
  await ready();
  expect(await overflow(page), path).toEqual([]);
}

for (const language of LANGUAGES) {
  test.describe(`in ${language} on a 360 px phone`, () => {
    test.use({ viewport: PHONE });

    test("the landing page fits the screen", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ viewport: PHONE, baseURL });
      await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
      const page = await context.newPage();
      await expectFits(page, "/", () => expect(page.locator("html")).toHaveAttribute("lang", language));
      await expectFits(page, "/auth", () => expect(page.locator('input[name="username"]').first()).toBeVisible());
      await context.close();
    });

    test("dashboard, marketplace, search, asiiko and mapping fit the screen", async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      void user;
      await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
      // Asiiko AI while the trial is whole: a farm written below spends it on farm mapping.
      await expectFits(page, "/dashboard", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
      await expectFits(page, "/marketplace", () => expect(page.locator("main article").first()).toBeVisible());
      await expectFits(page, "/search?q=cassava", () => expect(page.locator("mark").first()).toBeVisible());
      await expectFits(page, "/asiiko", () => expect(page.getByRole("tab").first()).toBeVisible());
      // A farm with a boundary and a plot, so the mapping page shows its details and lists.
      const boundary = squareBoundary(3.379, 6.524);
      const created = await page.request.post("/api/farms", {
        data: { name: "Ọ̀gbẹ́ni Adébáyọ̀ Family Farm", crops: ["Cassava", "Maize", "Yam", "Pepper"], boundary },
      });
      expect(created.status()).toBe(201);
      const { farm } = (await created.json()) as { farm: { id: string } };
      const plot = await page.request.post(`/api/farms/${farm.id}/plots`, {
        data: { name: "North field by the stream", type: "field", crops: ["Cassava", "Groundnut"] },
      });
      expect(plot.status()).toBe(201);

      await expectFits(page, `/mapping?farm=${farm.id}`, () =>
        expect(page.locator(".leaflet-container")).toBeVisible(),
      );
    });
  });
}

test.describe("the overflow check", () => {
  test.use({ viewport: PHONE });

  test("notices a word too long for the screen inside a page, and a page made too wide", async ({ page, user }) => {
    void user;
    await page.goto("/dashboard");
    await hydrated(page);
    expect(await overflow(page)).toEqual([]);
    await page.evaluate(() => {
      const heading = document.querySelector("main h1")!;
      heading.textContent = `${heading.textContent} Ọ̀gbẹ́niAdébáyọ̀AkínwùmíOlúwaṣeunÀjọṣepọ̀Ìbílẹ̀`;
      heading.classList.remove("break-words");
      (heading as HTMLElement).style.overflowWrap = "normal";
    });
    const found = await overflow(page);
    expect(found.join("\n")).toContain("the page is");
    expect(found.join("\n")).toMatch(/Ọ̀gbẹ́niAdébáyọ̀|ends at/);
  });
});
