import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createUser, expect, hydrated, signIn, squareBoundary, test, withDatabase, type TestUser } from "./fixtures";

// Every label readable on a 360 px phone in every language: not only nothing
// wider than the screen, but no text cut short (an ellipsis, a clipped or
// clamped box, a word spilling out of its button), no placeholder or chosen
// option wider than its field, no one- or two-word button or tab label broken
// over two lines. Every page a person can reach is measured as they see it,
// with its panels and dialogs open.
//
// Text that is cut on purpose carries `data-clamped` (a product's description in
// the catalogue's table, a search result's snippet): whole elsewhere, it is
// shortened there to keep the list scannable. Nothing else is skipped.

const LANGUAGES = ["en", "fr", "ha", "ig", "yo"] as const;
type Language = (typeof LANGUAGES)[number];
/** The few texts the test finds its way by (a button and a dialog of My Listings). */
type Texts = { myListings: { create: string; createTitle: string } };
const textsOf = (language: Language) =>
  JSON.parse(readFileSync(new URL(`../../app/locales/${language}.json`, import.meta.url), "utf8")) as Texts;
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/**
 * What on the page a reader cannot read whole, each as "where: what", measured once the
 * page's fonts have loaded (a fallback font has other widths).
 */
async function unreadable(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const found: string[] = [];
    const screen = document.documentElement.clientWidth;
    const snippet = (text: string | null | undefined) => `"${(text ?? "").replace(/\s+/g, " ").trim().slice(0, 50)}"`;
    const name = (element: Element) => {
      const classes = [...element.classList].filter((value) => !value.includes(":")).slice(0, 3);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes.length ? `.${classes.join(".")}` : ""}`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      element.getBoundingClientRect().width > 1 &&
      element.getBoundingClientRect().height > 1;
    const canvas = document.createElement("canvas").getContext("2d")!;
    /** How wide a text is in an element's font. */
    const widthOf = (text: string, style: CSSStyleDeclaration) => {
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      canvas.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
      return canvas.measureText(text).width;
    };
    const contentWidth = (element: HTMLElement, style: CSSStyleDeclaration) =>
      element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const ownText = (element: Element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("")
        .trim();

    if (document.documentElement.scrollWidth > screen + 1)
      found.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${screen}px screen`);

    // Text cut short or spilling out of its own box: its box is narrower (or, clamped, shorter) than the text.
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!ownText(element) || element.hasAttribute("data-clamped") || !shown(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "contents") continue;
      const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${name(element)} ${snippet(element.textContent)} ${clips ? "is cut" : "spills out of its box"}: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
        );
      const clamped = style.webkitLineClamp !== "none" || ["hidden", "clip"].includes(style.overflowY);
      if (clamped && element.scrollHeight > element.clientHeight + 1)
        found.push(
          `${name(element)} ${snippet(element.textContent)} is cut: ${element.scrollHeight}px of lines in ${element.clientHeight}px`,
        );
    }

    // Text inside a box that hides what it does not hold (a label in a span of a button that clips).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || !shown(parent)) continue;
      let clipper: HTMLElement | null = parent;
      while (clipper && clipper !== document.body) {
        const style = getComputedStyle(clipper);
        if (["hidden", "clip"].includes(style.overflowX)) break;
        clipper = clipper.parentElement;
      }
      if (!clipper || clipper === document.body || clipper.closest("[data-clamped]") || !shown(clipper)) continue;
      // The clipper's own text was measured above.
      if (clipper === parent) continue;
      range.selectNodeContents(text);
      const words = range.getBoundingClientRect();
      const box = clipper.getBoundingClientRect();
      if (words.width > 0 && (words.right > box.right + 1 || words.left < box.left - 1))
        found.push(`${snippet(text.textContent)} is cut by ${name(clipper)} ${snippet(clipper.textContent)}`);
    }

    // Placeholders wider than their field's content box (or, in a text area, taller than its lines).
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input[placeholder], textarea[placeholder]",
    )) {
      if (!field.placeholder || field.value || !shown(field)) continue;
      const style = getComputedStyle(field, "::placeholder");
      const room = contentWidth(field, getComputedStyle(field));
      const wide = widthOf(field.placeholder, style);
      if (field instanceof HTMLTextAreaElement) {
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        const rows = Math.floor(
          (field.clientHeight - Number.parseFloat(getComputedStyle(field).paddingTop) * 2) / lineHeight,
        );
        if (Math.ceil((wide * 1.15) / room) > Math.max(rows, 1))
          found.push(`${name(field)} placeholder ${snippet(field.placeholder)} needs more lines than its ${rows}`);
      } else if (wide > room + 1)
        found.push(
          `${name(field)} placeholder ${snippet(field.placeholder)} is ${Math.round(wide)}px in a ${Math.round(room)}px field`,
        );
    }

    // A select's chosen option wider than the select, less its arrow.
    for (const select of document.querySelectorAll("select")) {
      const option = select.selectedOptions[0];
      if (!option || !shown(select)) continue;
      const style = getComputedStyle(select);
      const arrow = style.appearance === "none" ? 0 : 20;
      const room = contentWidth(select, style) - arrow;
      const wide = widthOf(option.text.trim(), style);
      if (wide > room + 1)
        found.push(`${name(select)} shows ${snippet(option.text)}: ${Math.round(wide)}px in ${Math.round(room)}px`);
    }

    // A label of one or two words (a button's, a tab's, a switch's, or the words that name a
    // group of controls through aria-labelledby) broken over two lines.
    const namers = [...document.querySelectorAll("[aria-labelledby]")].flatMap((named) =>
      (named.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id) => (id ? document.getElementById(id) : null))
        .filter((element): element is HTMLElement => element !== null),
    );
    for (const control of new Set([
      ...document.querySelectorAll<HTMLElement>(
        'button, [role="button"], [role="tab"], a.ui-button, [role="menuitem"], [role="radio"], label',
      ),
      ...namers,
    ])) {
      const label = (control.innerText ?? "").replace(/\s+/g, " ").trim();
      if (!label || label.split(" ").length > 2 || !shown(control)) continue;
      const lines = new Set<number>();
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (!text.textContent?.trim() || !text.parentElement || !shown(text.parentElement)) continue;
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom / 4));
      }
      // Rects of one line may differ by a pixel or two (marks, mixed sizes): a new line is a line-height below.
      const bottoms = [...lines].sort((a, b) => a - b);
      const broken = bottoms.some((bottom, index) => index > 0 && bottom - bottoms[index - 1]! > 2);
      if (broken)
        found.push(`${name(control)} ${snippet(label)} wraps onto ${bottoms.length > 2 ? "several" : "two"} lines`);
    }
    return found;
  });
}

/** Measures the page as it stands and notes what is unreadable on it. */
async function measure(page: Page, language: Language, where: string, findings: string[]) {
  for (const finding of await unreadable(page)) findings.push(`[${language}] ${where}: ${finding}`);
}

/** Opens a page as a user does (its address, then React in charge, then what they wait for) and measures it. */
async function visit(
  page: Page,
  language: Language,
  path: string,
  findings: string[],
  ready: (page: Page) => Promise<void> = (opened) => expect(opened.locator("h1").first()).toBeVisible(),
) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await ready(page);
  await measure(page, language, path, findings);
}

function report(findings: string[]) {
  expect(findings, `Text that cannot be read whole at 360 px:\n${findings.join("\n")}`).toEqual([]);
}

async function inLanguage(context: BrowserContext, baseURL: string, language: Language) {
  await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL }]);
}

async function newPhone(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, baseURL });
  await inLanguage(context, baseURL, language);
  return context;
}

/** A farm with a boundary and a plot, so the mapping page shows its details, its map tabs and its lists. */
async function createFarm(page: Page) {
  const boundary = squareBoundary(3.379, 6.524);
  const created = await page.request.post("/api/farms", {
    data: { name: "Adébáyọ̀ Family Farm", crops: ["Cassava", "Maize"], boundary },
  });
  expect(created.status()).toBe(201);
  const { farm } = (await created.json()) as { farm: { id: string } };
  const plot = await page.request.post(`/api/farms/${farm.id}/plots`, {
    data: { name: "North field", type: "field", crops: ["Cassava"] },
  });
  expect(plot.status()).toBe(201);
  return farm.id;
}

/** Another seller's active listing, from the demo data the server starts with. */
async function someoneElsesListing(user: TestUser) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM "Listing" WHERE status = 'active' AND "sellerId" <> $1 ORDER BY id LIMIT 1`,
      [user.id],
    );
    return rows[0]!.id;
  });
}

for (const language of LANGUAGES) {
  const t = textsOf(language);

  test.describe(`in ${language} on a 360 px phone`, () => {
    test("the public pages read whole", async ({ browser, baseURL }) => {
      const context = await newPhone(browser, baseURL!, language);
      const page = await context.newPage();
      const findings: string[] = [];
      await visit(page, language, "/", findings);
      await visit(page, language, "/auth", findings, (opened) =>
        expect(opened.locator('input[name="username"]').first()).toBeVisible(),
      );
      await visit(page, language, "/auth?tab=register", findings, (opened) =>
        expect(opened.locator('input[name="email"]').first()).toBeVisible(),
      );
      for (const path of ["/privacy", "/terms", "/newsletter", "/account-deleted", "/offline", "/no-such-page"])
        await visit(page, language, path, findings);
      // The page a newsletter e-mail's link opens, and the queue dashboard's refusal to a visitor.
      await visit(page, language, `/newsletter/unsubscribe/${randomBytes(32).toString("base64url")}`, findings);
      await visit(page, language, "/admin/queues", findings);
      await context.close();
      report(findings);
    });

    test("the signed-in pages read whole, with their panels and dialogs open", async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      await inLanguage(context, baseURL!, language);
      const findings: string[] = [];
      await visit(page, language, "/dashboard", findings);

      await visit(page, language, "/marketplace", findings, (opened) =>
        expect(opened.locator("main article").first()).toBeVisible(),
      );
      await page.locator('button[aria-controls="marketplace-filters"]').click();
      await expect(page.locator("#marketplace-filters")).toBeVisible();
      await measure(page, language, "/marketplace with its filters open", findings);

      await visit(page, language, `/marketplace?listing=${await someoneElsesListing(user)}`, findings, (opened) =>
        expect(opened.getByRole("dialog")).toBeVisible(),
      );

      await visit(page, language, "/my-listings", findings);
      await page.getByRole("button", { name: t.myListings.create, exact: true }).click();
      await expect(page.getByRole("dialog", { name: t.myListings.createTitle })).toBeVisible();
      await measure(page, language, "/my-listings with the new listing form open", findings);

      // Asiiko AI while the trial is whole: the farm created below spends it on farm mapping.
      await visit(page, language, "/asiiko", findings, (opened) =>
        expect(opened.getByRole("tab").first()).toBeVisible(),
      );
      const tabs = page.getByRole("tab");
      for (let index = 1; index < (await tabs.count()); index += 1) {
        await tabs.nth(index).click();
        await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
        await measure(page, language, `/asiiko on its tab ${index + 1}`, findings);
      }

      const farm = await createFarm(page);
      await visit(page, language, `/mapping?farm=${farm}`, findings, (opened) =>
        expect(opened.locator(".leaflet-container")).toBeVisible(),
      );
      await visit(page, language, "/mapping", findings);

      for (const path of ["/settings", "/profile", "/notifications", "/help", "/community", "/medicine"])
        await visit(page, language, path, findings);
      await visit(page, language, "/search?q=maize", findings, (opened) =>
        expect(opened.locator("main mark").first()).toBeVisible(),
      );

      // The demo checkout an upgrade leads to, a page not found and the queue dashboard's refusal, in the shell.
      const checkout = await page.request.post("/api/subscription/checkout");
      const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
      const sandbox = new URL(checkoutUrl, baseURL);
      await visit(page, language, sandbox.pathname + sandbox.search, findings, (opened) =>
        expect(opened.locator("dl").first()).toBeVisible(),
      );
      await visit(page, language, "/no-such-page", findings);
      await visit(page, language, "/admin/queues", findings);
      report(findings);
    });

    test("the administrator's pages read whole", async ({ page, context, baseURL }) => {
      const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
      try {
        await signIn(page, admin, baseURL!);
        await inLanguage(context, baseURL!, language);
        const findings: string[] = [];
        await visit(page, language, "/product-catalog", findings, (opened) =>
          expect(opened.locator("main li").first()).toBeVisible(),
        );
        // The queue dashboard (bull-board's own page, not the app's): its queue list once drawn.
        await page.goto("/admin/queues");
        await expect(page.locator("#root a").first()).toBeVisible();
        await measure(page, language, "/admin/queues", findings);
        report(findings);
      } finally {
        await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]));
      }
    });
  });
}

test("the check notices cut text, a placeholder or an option too wide, a broken short label and a page too wide", async ({
  page,
  user,
}) => {
  void user;
  await page.goto("/dashboard");
  await hydrated(page);
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await unreadable(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "afterbegin",
      `<p style="width: 60px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Ìsọfúnni erùpẹ̀ oko</p>
       <input style="width: 80px" placeholder="you@example.com (kò pọn dandan)">
       <select style="width: 70px"><option>Nke kacha ọhụrụ</option></select>
       <button style="width: 50px">Tsirran Magani</button>
       <p data-clamped="" style="width: 60px; overflow: hidden; white-space: nowrap">A description cut on purpose</p>
       <div style="width: 500px">wide</div>`,
    );
  });
  const found = (await unreadable(page)).join("\n");
  expect(found).toContain('"Ìsọfúnni erùpẹ̀ oko" is cut');
  expect(found).toContain('placeholder "you@example.com (kò pọn dandan)"');
  expect(found).toContain('shows "Nke kacha ọhụrụ"');
  expect(found).toContain('"Tsirran Magani" wraps onto two lines');
  expect(found).toMatch(/the page is \d+px wide/);
  expect(found).not.toContain("A description cut on purpose");
});
