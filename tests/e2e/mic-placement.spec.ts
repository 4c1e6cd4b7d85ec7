import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, squareBoundary, subscribe, test, withDatabase, type TestUser } from "./fixtures";

// The floating microphone never covers what a person reads or uses. On a 360 px
// phone it was seen over the map's zoom buttons, a farm's hectares, the words of
// an analysis result and the right edge of inputs. Here a farmer scrolls through
// every page of the app, stopping often, and wherever the page comes to rest the
// microphone has nothing under it: no words, no control, no picture, no map
// control (the map's tiles are the map, which fills its panel). It moves aside by
// itself once the page is still; the test waits for that, as the farmer would.

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** What lies under the microphone: each control, picture and piece of text whose box meets the button's. */
async function underMicrophone(page: Page) {
  return page.evaluate(() => {
    const widget = document.querySelector("[data-voice-widget]")!;
    const mic = document.querySelector("[data-testid=voice-button]")!.getBoundingClientRect();
    const meets = (box: DOMRect) =>
      box.width > 0 &&
      box.height > 0 &&
      box.left < mic.right &&
      box.right > mic.left &&
      box.top < mic.bottom &&
      box.bottom > mic.top;
    // Shown on screen: a closed menu (transparent or hidden through an ancestor) is not.
    const shown = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    // Something scrolled out of its own clipped box (a row of chips, say) is not on screen there.
    const clippedAway = (element: Element, box: DOMRect) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent);
        if (overflow.overflowX === "visible" && overflow.overflowY === "visible") continue;
        const frame = parent.getBoundingClientRect();
        const left = Math.max(box.left, frame.left);
        const right = Math.min(box.right, frame.right);
        const top = Math.max(box.top, frame.top);
        const bottom = Math.min(box.bottom, frame.bottom);
        if (!(left < mic.right && right > mic.left && top < mic.bottom && bottom > mic.top)) return true;
      }
      return false;
    };
    // A dialog or the menu's overlay hides the page beneath: only what is on top counts.
    const layer = document.querySelector("[role=dialog]") ?? document.body;
    const found: string[] = [];
    const things = layer.querySelectorAll(
      "a[href], button, input, select, textarea, [role=button], [role=tab], img, svg, canvas, video, .leaflet-control",
    );
    for (const thing of things) {
      if (widget.contains(thing) || !shown(thing)) continue;
      // The map's tiles and shapes are the map itself; its controls count.
      if (thing.closest(".leaflet-container") && !thing.closest(".leaflet-control")) continue;
      if (thing.closest("[data-toast-viewport]")) continue;
      const box = thing.getBoundingClientRect();
      if (meets(box) && !clippedAway(thing, box))
        found.push(`${thing.tagName.toLowerCase()}: ${thing.outerHTML.slice(0, 100)}`);
    }
    const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || widget.contains(parent) || !shown(parent)) continue;
      if (parent.closest("[data-toast-viewport], .leaflet-container:not(.leaflet-control), script, style")) {
        if (!parent.closest(".leaflet-control")) continue;
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (meets(box) && !clippedAway(parent, box)) {
          found.push(`text: “${node.textContent.trim().slice(0, 60)}”`);
          break;
        }
      }
    }
    return found;
  });
}

/** Waits, as the farmer does, for the microphone to settle where it covers nothing. */
async function expectNothingUnder(page: Page, where: string) {
  await expect(async () => expect(await underMicrophone(page), where).toEqual([])).toPass({ timeout: 10_000 });
}

/** Scrolls a page from its top to its end, stopping every ~half screen, and checks each stop. */
async function scrollThrough(page: Page, path: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; ; top += 320) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await expectNothingUnder(page, `${path} scrolled to ${top}`);
    if (top + 740 >= height) break;
  }
}

/** Scrolls so that an element's bottom rests just above the screen's bottom, where the microphone starts. */
async function bringToBottom(page: Page, target: Locator) {
  await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.bottom - (window.innerHeight - 24));
  });
}

async function farmWithPlots(user: TestUser) {
  const farmId = `e2e_farm_${randomUUID()}`;
  const feature = JSON.stringify(squareBoundary(3.91, 7.52, 0.005));
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Farm" (id, "ownerId", name, description, crops, "centerLat", "centerLng", boundary, "areaHectares", geohash, "updatedAt")
       VALUES ($1, $2, 'Moniya Farm', 'Cassava and a fish pond', '{Cassava,Maize,Yam,Plantain}', 7.5225, 3.9125, $3, 30.9, 's1', now())`,
      [farmId, user.id, feature],
    );
    await client.query(
      `INSERT INTO "Plot" (id, "farmId", name, type, crops, geometry, "centroidLat", "centroidLng", "areaHectares", "updatedAt")
       VALUES ($1, $2, 'Yam heaps', 'field', '{Yam}', NULL, NULL, NULL, 2.5, now())`,
      [`e2e_plot_${randomUUID()}`, farmId],
    );
  });
  return farmId;
}

test("scrolled anywhere on any page, the microphone rests where it covers nothing", async ({ page, context, user }) => {
  test.setTimeout(240_000);
  await context.route(/arcgisonline\.com|opentopomap\.org|openstreetmap\.org/, (route) => route.abort());
  await subscribe(user);
  const farmId = await farmWithPlots(user);
  for (const path of [
    "/dashboard",
    "/marketplace",
    "/my-listings",
    "/asiiko",
    `/mapping?farm=${farmId}`,
    "/settings",
    "/profile",
    "/search?q=maize",
    "/help",
  ]) {
    await page.goto(path);
    await hydrated(page);
    await scrollThrough(page, path);
  }
});

test("the map's zoom buttons, a farm's hectares and a form's fields stay in reach", async ({ page, context, user }) => {
  test.setTimeout(120_000);
  await context.route(/arcgisonline\.com|opentopomap\.org|openstreetmap\.org/, (route) => route.abort());
  await subscribe(user);
  const farmId = await farmWithPlots(user);
  await page.goto(`/mapping?farm=${farmId}`);
  await hydrated(page);

  // The zoom buttons sit at the map's bottom right, where the microphone starts.
  const zoomIn = page.locator(".leaflet-control-zoom-in");
  await expect(zoomIn).toBeVisible();
  await bringToBottom(page, page.locator(".leaflet-control-zoom"));
  await expectNothingUnder(page, "the map's zoom buttons at the screen's bottom");
  const zoomed = await page.evaluate(() => {
    const box = document.querySelector(".leaflet-control-zoom-in")!.getBoundingClientRect();
    return (
      document
        .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        ?.closest(".leaflet-control-zoom-in") !== null
    );
  });
  expect(zoomed).toBe(true);
  await zoomIn.click();

  // The farm's hectares, at the right of its details.
  const details = page.locator("[data-farm-details]");
  await expect(details).toContainText("30.9");
  await bringToBottom(page, details.getByText("30.9", { exact: false }).first());
  await expectNothingUnder(page, "the farm's hectares at the screen's bottom");

  // A form's field reaches the screen's right edge: typing into its end is not under the microphone.
  await page.goto("/profile");
  await hydrated(page);
  const field = page.locator("main").getByLabel("First name");
  await bringToBottom(page, field);
  await expectNothingUnder(page, "a field at the screen's bottom");
  await page.screenshot({ path: "test-results/screens/mic-beside-field-360.png" });
});

test("the words of an analysis result are never under the microphone", async ({ page, user }) => {
  void user;
  test.setTimeout(120_000);
  await page.goto("/asiiko");
  await hydrated(page);
  const panel = page.getByRole("tabpanel", { name: "Crop Health" });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a8a88" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  await panel
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: photo });
  await page
    .getByRole("dialog", { name: "Use your free trial?" })
    .getByRole("button", { name: "Yes, use my trial" })
    .click();
  const result = page.getByRole("region", { name: "Analysis result" });
  await expect(result).toContainText("This photo could not be assessed", { timeout: 30_000 });
  await scrollThrough(page, "/asiiko with a result");
  await page.screenshot({ path: "test-results/screens/mic-beside-result-360.png" });
});

test("where words fill the phone's width, the microphone is a slim tab in the margin, and still listens", async ({
  page,
  context,
  user,
}) => {
  void user;
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, "SpeechRecognition");
    Reflect.deleteProperty(window, "webkitSpeechRecognition");
  });
  await page.goto("/help");
  await hydrated(page);
  // A page of words from margin to margin, as a long list of cards is on a phone.
  await page.evaluate(() => {
    const words = document.createElement("p");
    words.dataset.filler = "";
    words.textContent = "Cassava yam maize sorghum millet cowpea groundnut okra pepper tomato onion. ".repeat(120);
    document.querySelector("main")!.prepend(words);
    window.scrollTo(0, 400);
  });
  const widget = page.locator("[data-voice-widget]");
  await expect(widget).toHaveAttribute("data-placement", /^tab /);
  await expectNothingUnder(page, "a page of words");
  const button = page.getByTestId("voice-button");
  expect((await button.boundingBox())!.width).toBeLessThanOrEqual(16);
  await page.screenshot({ path: "test-results/screens/mic-tab-360.png" });
  // The tab answers a tap as the button does.
  await button.click();
  await expect(page.getByTestId("voice-panel")).toHaveText("Voice commands not supported in this browser");
  // Its panel stays where it opened while it is shown, even as the page moves beneath.
  const placement = await widget.getAttribute("data-placement");
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect(widget).toHaveAttribute("data-placement", placement!);
  // Closed, and the words gone, it is the round button at the bottom right again.
  await page.getByTestId("voice-panel").getByRole("button", { name: "Close" }).click();
  await page.evaluate(() => document.querySelector("[data-filler]")!.remove());
  await expect(widget).toHaveAttribute("data-placement", /^button /);
});
