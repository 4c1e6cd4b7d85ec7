import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";

// Sign-in and registration through the real form, and the preferences that
// must survive a reload (language, theme) with no flash of the wrong one.
const ha = JSON.parse(readFileSync("app/locales/ha.json", "utf8"));

test("a new farmer registers, lands on the dashboard, keeps Hausa and dark after reloads, and signs out", async ({ page }) => {
  const username = `ada_${randomBytes(4).toString("hex")}`;
  await page.goto("/auth");
  await hydrated(page);
  await expect(page.getByText("₦15,000 per month")).toBeVisible();
  for (const language of ["English", "Français", "Hausa", "Igbo", "Yoruba"]) {
    await expect(page.getByRole("listitem").filter({ hasText: language }).first()).toBeVisible();
  }

  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByLabel("Username")).toHaveAttribute("placeholder", "3-50 characters");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Obi");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail (optional)").fill(`${username}@example.ng`);
  await page.getByLabel("Password").fill("ada-password-2026");
  await page.getByLabel("Password").press("Enter");

  await expect(page).toHaveURL(/\/$/);
  // Just registered: welcomed, not welcomed back.
  await expect(page.getByRole("heading", { name: "Welcome, Ada!" })).toBeVisible();
  await expect(page.getByTestId("profile-block")).toContainText("Ada Obi");

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Welcome, Ada!" })).toBeVisible();

  // Hausa, remembered across a reload.
  await page.getByLabel("Language", { exact: true }).click();
  await page.locator("form[data-language-form]").getByRole("button", { name: "Hausa" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  const welcomeHa = ha.dashboard.welcomeNew.replace("{{name}}", "Ada");
  await expect(page.getByRole("heading", { name: welcomeHa })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ha");
  await expect(page.getByRole("heading", { name: welcomeHa })).toBeVisible();

  // Dark, rendered dark by the server on the next load (so no light flash).
  await page.locator("header button[data-theme-current]").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  const reloaded = await page.reload();
  const firstHtml = (await reloaded!.text()).slice(0, 400);
  expect(firstHtml).toMatch(/<html lang="ha" class="dark">/);
  await hydrated(page);

  await page.getByRole("button", { name: ha.nav.signOut }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: ha.landing.heroCta })).toBeVisible();
  const me = await page.request.get("/api/user");
  expect(me.status()).toBe(401);
});

test("a protected page sends a visitor to sign in, and back there afterwards", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
  await hydrated(page);
  await page.getByLabel("Username").fill("amina");
  await page.getByLabel("Password").fill("AsiikoFarmer#2026");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
});

test("a wrong password shows 'Login failed' and the reason, and stays on the form", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Username").fill("amina");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the form checks the hints before sending", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByText("Username must be 3-50 characters")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("First name is required")).toBeVisible();
});

test("a signed-in visitor at /auth goes to /", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Username").fill("tunde");
  await page.getByLabel("Password").fill("AsiikoFarmer#2026");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("a first visit in Yoruba", () => {
  test.use({ locale: "yo-NG" });

  test("is shown in Yoruba from the browser's language", async ({ page }) => {
    const yo = JSON.parse(readFileSync("app/locales/yo.json", "utf8"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "yo");
    await expect(page.getByRole("link", { name: yo.landing.heroCta })).toBeVisible();
  });
});
