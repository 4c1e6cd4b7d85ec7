import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { keepMyListings } from "./offline-helpers";

// Offline on a phone, My Listings loaded: tapping Create Listing opens the form when
// the service worker kept its code with the page, and otherwise says in place that it
// needs the network; either way the page stays, never 'Something went wrong'.

const PHONE = { width: 360, height: 740 };

test("offline, Create Listing opens the form whose code the worker kept with the page", async ({
  page,
  context,
  user,
}) => {
  void user;
  await page.setViewportSize(PHONE);
  await keepMyListings(page);
  // Whatever of the form's code is asked for now is answered by the worker.
  const formAnswers: boolean[] = [];
  page.on("requestfinished", (request) => {
    if (/listing-form/.test(request.url()))
      void request.response().then((answer) => formAnswers.push(answer?.fromServiceWorker() ?? false));
  });

  await context.setOffline(true);
  await page.getByRole("button", { name: "Create Listing" }).first().click();

  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(dialog.getByLabel("Price (NGN)")).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "My Listings", level: 1 })).toBeAttached();
  expect(formAnswers).not.toContain(false);
});

test.describe("without a service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("offline, Create Listing says in place that it needs the network, the page stays, and it opens once back online", async ({
    page,
    context,
    user,
  }) => {
    void user;
    await page.setViewportSize(PHONE);
    await page.goto("/my-listings");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "My Listings", level: 1 })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole("button", { name: "Create Listing" }).first().click();

    const dialog = page.getByRole("dialog", { name: "Create New Listing" });
    await expect(dialog.getByRole("alert")).toContainText("This needs a connection");
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    // The page behind the dialog is the same page, with its offline banner.
    await expect(page.getByRole("heading", { name: "My Listings", level: 1 })).toBeAttached();
    await expect(page.getByText("You are offline. Some features may not work")).toBeVisible();

    // Closing the dialog leaves the page as it was.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "My Listings", level: 1 })).toBeVisible();

    // Still offline, a second tap says the same; back online, Try again fetches the form's code.
    await page.getByRole("button", { name: "Create Listing" }).first().click();
    const reopened = page.getByRole("dialog", { name: "Create New Listing" });
    await expect(reopened.getByRole("alert")).toContainText("This needs a connection");
    await context.setOffline(false);
    await reopened.getByRole("button", { name: "Try again" }).click();
    await expect(reopened.getByLabel("Price (NGN)")).toBeVisible();
  });
});

/** The header's controls the banner sits over (their centre shows something else than the control). */
async function headerControlsUnderBanner(page: Page) {
  return page.evaluate(() => {
    const banner = document.querySelector("[data-offline-banner]")!.getBoundingClientRect();
    const controls = [
      ...document.querySelectorAll<HTMLElement>("header button, header input, header summary, header a"),
    ];
    return (
      controls
        // What shows (not the items of a closed menu).
        .filter((control) => control.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .flatMap((control) => {
          const box = control.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          const covered =
            box.top < banner.bottom - 0.5 || (top !== null && !control.contains(top) && !top.contains(control));
          return covered
            ? [`${control.tagName} ${control.getAttribute("aria-label") ?? control.textContent?.trim() ?? ""}`]
            : [];
        })
    );
  });
}

test.describe("the offline banner on a 360 px phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("pushes the header down: menu, search, language, theme and the account menu stay uncovered, scrolled or not", async ({
    page,
    context,
    user,
  }) => {
    void user;
    await page.goto("/marketplace");
    await hydrated(page);
    const header = page.locator("header").first();
    const before = (await header.boundingBox())!;

    await context.setOffline(true);
    const banner = page.locator("[data-offline-banner]");
    await expect(banner).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(page.locator("#header-search")).toBeVisible();
    // The header moved down by the banner's height, and nothing of it is under the banner.
    const bannerBox = (await banner.boundingBox())!;
    expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(before.y + bannerBox.height - 1);
    expect(await headerControlsUnderBanner(page)).toEqual([]);

    // Scrolled down the page, the banner stays on top and the header sticks right under it.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await headerControlsUnderBanner(page)).toEqual([]);
    await expect(banner).toBeInViewport();

    // Back online, the banner goes and the header returns to the top.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(banner).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await header.boundingBox())!.y).toBe(before.y);
  });

  test("on the public landing page too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: PHONE, baseURL, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await context.setOffline(true);
    await expect(page.locator("[data-offline-banner]")).toBeVisible();
    expect(await headerControlsUnderBanner(page)).toEqual([]);
    await context.close();
  });
});
