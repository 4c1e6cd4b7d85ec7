import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { hashPassword } from "~/modules/auth/password.server";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { createUser, hydrated, signIn, withDatabase, type TestUser } from "./fixtures";

// The data rights of the Nigeria Data Protection Act, as a farmer uses them on a small phone: the
// Privacy Policy read in Yoruba, a copy of their data asked for on Settings and downloaded once
// the worker has made it, and the account deleted with a wrong, then the right, password.

const PASSWORD = "Ayo#Farm2026";
const SCREENS = "test-results/screens";

test.use({ viewport: { width: 360, height: 780 } });
// Each test walks a whole journey (several pages, a job of the worker's): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function setPreferences(page: Page, baseURL: string, language: string, theme: "light" | "dark") {
  await page.context().addCookies([
    { name: "asiiko-lang", value: language, url: baseURL },
    { name: "asiiko-theme", value: theme, url: baseURL },
  ]);
}

async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function farmerWithPassword(): Promise<TestUser> {
  const user = await createUser({ firstName: "Ayọ̀", lastName: "Adéyẹmí" });
  const hash = await hashPassword(PASSWORD);
  await withDatabase((client) => client.query(`UPDATE "User" SET "passwordHash" = $1 WHERE id = $2`, [hash, user.id]));
  return user;
}

test("a visitor reads the Privacy Policy in Yoruba at 360 px, reached from the footer", async ({ page, baseURL }) => {
  await setPreferences(page, baseURL!, "yo", "light");
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Òfin àṣírí" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ìlànà Àṣírí" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ẹ̀tọ́ rẹ" })).toBeVisible();
  await expect(page.getByText("Òfin Ààbò Dátà Nàìjíríà").first()).toBeVisible();
  await expect(page.getByTestId("privacy-data").locator("dt")).toHaveCount(14);
  // Who to write to comes from the configuration.
  await expect(page.getByText("support@asiiko.ng").first()).toBeVisible();
  await fitsTheScreen(page, 360);
  await page.screenshot({ path: `${SCREENS}/privacy-yo-360-light.png`, fullPage: true });
  await setPreferences(page, baseURL!, "yo", "dark");
  await page.reload();
  await page.screenshot({ path: `${SCREENS}/privacy-yo-360-dark.png` });
  // The Terms, one link away, also fit.
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Òfin Iṣẹ́" })).toBeVisible();
  await fitsTheScreen(page, 360);
  await page.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(page, baseURL!, "en", "light");
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  // No OPERATOR_NAME is configured here: the policy names no one it was not told of.
  await expect(page.getByText("The operator of this Asiiko site is the data controller.")).toBeVisible();
  await expect(page.getByText("Asiiko runs Asiiko")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/privacy-en-1280-light.png` });
  await setPreferences(page, baseURL!, "en", "dark");
  await page.goto("/terms");
  await page.screenshot({ path: `${SCREENS}/terms-en-1280-dark.png` });
});

test("a visitor who opened the Privacy Policy in English reads it in Hausa, on the same page, with no app code", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  // Without the app the menu is the page's own <details>: its summary opens it.
  await page.getByRole("banner").locator("summary").click();
  await page.getByRole("button", { name: "Hausa" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Manufar Sirri" })).toBeVisible();
  // The theme too, from the same header.
  await page.getByRole("banner").locator("form").last().getByRole("button").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await fitsTheScreen(page, 360);
  await page.screenshot({ path: `${SCREENS}/privacy-ha-360-dark.png` });
});

test("the sign-up form links the Terms and the Privacy Policy", async ({ page, baseURL }) => {
  await setPreferences(page, baseURL!, "ha", "light");
  await page.goto("/auth?tab=register");
  const agreement = page.getByTestId("sign-up-agreement");
  await expect(agreement).toBeVisible();
  await agreement.getByRole("link", { name: "Manufar Sirri" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Manufar Sirri" })).toBeVisible();
});

test("a farmer asks for a copy of their data on Settings and downloads it", async ({ page, baseURL }) => {
  const user = await farmerWithPassword();
  try {
    await setPreferences(page, baseURL!, "en", "light");
    await signIn(page, user, baseURL!);
    await page.goto("/settings");
    await hydrated(page);
    const card = page.getByTestId("data-export");
    await card.getByRole("button", { name: "Prepare my data" }).click();
    await expect(card.getByRole("status")).toHaveText(/being made/);
    // The worker makes it; the page shows the link when it is ready.
    const link = card.getByRole("link", { name: "Download ZIP" });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole("status")).toContainText("Your copy is ready");
    await fitsTheScreen(page, 360);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/settings-data-360-light.png` });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^asiiko-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const profile = JSON.parse(strFromU8(files["profile.json"]!));
    expect(profile).toMatchObject({ id: user.id, username: user.username });
    expect(profile).not.toHaveProperty("passwordHash");

    // The same sections in Hausa, dark, and on a wide screen.
    await setPreferences(page, baseURL!, "ha", "dark");
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Sauke bayanaina" })).toBeVisible();
    await fitsTheScreen(page, 360);
    await page.getByTestId("delete-account").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/settings-data-ha-360-dark.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId("data-export").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/settings-data-ha-1280-dark.png` });
    await setPreferences(page, baseURL!, "en", "light");
    await page.reload();
    await hydrated(page);
    await page.getByTestId("data-export").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/settings-data-1280-light.png` });
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  }
});

test("a farmer deletes their account: a wrong password is refused, the right one deletes it", async ({
  page,
  baseURL,
  request,
}) => {
  const user = await farmerWithPassword();
  try {
    await setPreferences(page, baseURL!, "en", "light");
    await signIn(page, user, baseURL!);
    await page.goto("/settings");
    await hydrated(page);
    const card = page.getByTestId("delete-account");
    await expect(card).toContainText("Payment records stay for six years");
    await card.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel("Your current password");
    await password.fill("not-my-password");
    await password.press("Enter");
    await expect(dialog.getByText("That is not your current password")).toBeVisible();
    await fitsTheScreen(page, 360);
    await page.screenshot({ path: `${SCREENS}/settings-delete-wrong-360-light.png` });
    // Nothing was deleted.
    expect(
      await withDatabase(
        async (client) => (await client.query(`SELECT 1 FROM "User" WHERE id = $1`, [user.id])).rowCount,
      ),
    ).toBe(1);

    await password.fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete for ever" }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
    await fitsTheScreen(page, 360);
    // The session is gone: the browser holds no cookie that opens anything.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME)?.value ?? "").toBe("");
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/auth/);
    const answer = await request.get("/api/user");
    expect(answer.status()).toBe(401);
    expect(
      await withDatabase(
        async (client) => (await client.query(`SELECT 1 FROM "User" WHERE id = $1`, [user.id])).rowCount,
      ),
    ).toBe(0);
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  }
});
