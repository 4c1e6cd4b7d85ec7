import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, expect, hydrated, signIn, test, withDatabase } from "./fixtures";

// The service worker: a farmer who loses the connection still opens the pages
// and results they last saw, with the offline banner; a page never kept shows
// the offline page; and after a sign-out nothing of theirs is served to anyone.

const OFFLINE_BANNER = "You are offline. Some features may not work until your connection returns.";

/** Opens a page with the worker in charge, and waits until the worker has kept it (as a farmer's phone would, before the signal drops). */
async function openAndKeep(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // The worker starts after the page's first load: the page it keeps is the next one it serves.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => isKept(page, path), { message: `${path} kept for offline use` }).toBe(true);
}

/** Whether the worker holds a page of this address. */
function isKept(page: Page, path: string) {
  return page.evaluate(
    async (address) => (await caches.match(new URL(address, location.href).href, { ignoreVary: true })) !== undefined,
    path,
  );
}

async function addAnalysis(userId: string, crop: string) {
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Analysis" (id, "userId", "analysisType", "preferredModel", "answeredBy", "additionalContext", status, stage, progress,
         severity, confidence, diagnosis, treatment, recommendations, "deadlineAt", "createdAt", "completedAt")
       VALUES ($1, $2, 'crop_health', 'openai', 'builtin', jsonb_build_object('cropType', $3::text), 'completed', 'done', 100,
         'low', 80, 'Healthy leaves', 'None needed', ARRAY['Keep weeding'], now(), now(), now())`,
      [`e2e_an_${randomUUID()}`, userId, crop],
    ),
  );
}

test("without a connection, the pages a farmer opened still open, with their results and the offline banner", async ({
  page,
  context,
  user,
}) => {
  await addAnalysis(user.id, "Cassava from Oyo");
  await openAndKeep(page, "/marketplace");
  const firstListing = (await page.locator("article h3").first().textContent())!.trim();
  await openAndKeep(page, "/asiiko");
  await expect(page.getByText("Cassava from Oyo")).toBeVisible();

  await context.setOffline(true);

  const marketplace = await page.goto("/marketplace");
  expect(marketplace?.fromServiceWorker()).toBe(true);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Marketplace", level: 1 })).toBeVisible();
  await expect(page.locator("article h3").first()).toHaveText(firstListing);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  // Moving inside the app works too: the page's data comes from what was kept.
  await page.goto("/asiiko");
  await hydrated(page);
  await expect(page.getByText("Cassava from Oyo")).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  // A page this phone never kept: the offline page, not the browser's error.
  await page.goto("/mapping");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();

  // Back online, the same address opens the real page.
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/mapping$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
  await hydrated(page);
});

test("after a sign-out, nothing the last farmer saw is served to the next reader", async ({ page, context, user }) => {
  void user;
  await openAndKeep(page, "/marketplace");
  await openAndKeep(page, "/");
  await expect(page.getByText("Chioma").first()).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/(auth)?$/);
  await expect
    .poll(() => isKept(page, "/marketplace"), { message: "the signed-out farmer's marketplace page is dropped" })
    .toBe(false);

  await context.setOffline(true);
  await page.goto("/marketplace");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await expect(page.getByText("Chioma")).toHaveCount(0);
});

test("the offline page speaks the language the reader chose", async ({ page, context, user }) => {
  void user;
  await openAndKeep(page, "/dashboard");
  await page.getByLabel("Language", { exact: true }).click();
  await page.locator("form[data-language-form]").getByRole("button", { name: "Hausa" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.match("/offline"))?.text()) ?? ""), {
      message: "the offline page kept in Hausa",
    })
    .toContain('lang="ha"');

  await context.setOffline(true);
  await page.goto("/mapping");
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page.getByRole("heading", { name: "Ba ka da intanet", level: 1 })).toBeVisible();
});

test("when another farmer's session takes over the phone, the last one's pages are dropped before anything is kept", async ({
  page,
  context,
  user,
  baseURL,
}) => {
  void user;
  await openAndKeep(page, "/marketplace");
  // No sign-out in this browser (the session ended, or another farmer signed in elsewhere on it):
  // only the answers' reader changes.
  const next = await createUser({ firstName: "Musa", lastName: "Bello" });
  await signIn(page, next, baseURL!);
  await page.goto("/dashboard");
  await hydrated(page);
  await expect(page.getByText("Musa").first()).toBeVisible();
  await expect
    .poll(() => isKept(page, "/marketplace"), { message: "the last farmer's marketplace page is dropped" })
    .toBe(false);

  await context.setOffline(true);
  await page.goto("/marketplace");
  await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByText("Musa").first()).toBeVisible();
  await expect(page.getByText("Chioma")).toHaveCount(0);
});
