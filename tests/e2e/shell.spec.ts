import { randomBytes } from "node:crypto";
import { expect, hydrated, test, withDatabase } from "./fixtures";

test("the shell: sidebar entries, real profile, header search to /search, no admin entry for a farmer", async ({
  page,
  user,
}) => {
  await page.goto("/dashboard");
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  for (const entry of [
    "Dashboard",
    "Search & Discover",
    "Marketplace",
    "My Listings",
    "My Orders",
    "Traditional Medicine",
    "Farm Mapping",
    "Asiiko AI",
    "Profile",
    "Notifications",
    "Community",
    "Settings",
    "Help & Support",
  ]) {
    await expect(nav.getByRole("link", { name: entry, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: /Management/ })).toHaveCount(0);
  await expect(page.getByTestId("profile-block")).toContainText(`${user.firstName} ${user.lastName}`);
  // The test user said nothing about what they do: 'Member', never a made-up 'Farmer'.
  await expect(page.getByTestId("profile-block")).toContainText("Member");
  await expect(page.getByTestId("profile-block")).not.toContainText("Farmer");

  await hydrated(page);
  await nav.getByRole("link", { name: "Traditional Medicine" }).click();
  await expect(page.getByText("Traditional medicine hub interface coming soon...")).toBeVisible();
  await expect(page).toHaveURL(/\/medicine$/);

  await page.getByPlaceholder("Search products, medicines, services...").fill("cassava");
  await page.getByPlaceholder("Search products, medicines, services...").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=cassava$/);
});

test("the footer newsletter confirms the subscription under the field, which clears", async ({ page, user }) => {
  void user;
  await page.goto("/help");
  await hydrated(page);
  await page.getByPlaceholder("Your e-mail address").fill("farmer@example.ng");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thank you! Your newsletter subscription is confirmed.")).toBeVisible();
  await expect(page.getByPlaceholder("Your e-mail address")).toHaveValue("");
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByText("Lagos, Nigeria").first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu opens the sidebar and the overlay closes it", async ({ page, user }) => {
    void user;
    await page.goto("/dashboard");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    await expect(sidebar).not.toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(sidebar).toBeInViewport();
    await page.getByTestId("sidebar-overlay").click({ position: { x: 340, y: 400 } });
    await expect(sidebar).not.toBeInViewport();
  });
});

test("going offline shows the red banner, and it leaves when the connection returns", async ({
  page,
  context,
  user,
}) => {
  void user;
  await page.goto("/dashboard");
  await hydrated(page);
  const banner = page.getByRole("status").filter({ hasText: "You are offline" });
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test("an administrator sees the Management entry with its Admin badge", async ({ page, baseURL }) => {
  const { createUser, signIn } = await import("./fixtures");
  const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
  await signIn(page, admin, baseURL!);
  await page.goto("/dashboard");
  const entry = page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: /Management/ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Admin");
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the dashboard and sign-in page look right at ${width} px in ${theme}`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      void user;
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/dashboard-${width}-${theme}.png`, fullPage: true });
      await context.clearCookies({ name: "asiiko-session" });
      await page.goto("/auth");
      await page.screenshot({ path: `test-results/screens/auth-${width}-${theme}.png`, fullPage: true });
    });
  }
}

test("profile: edit the name, refuse a wrong current password, change the password", async ({ page, user }) => {
  void user;
  await page.goto("/profile");
  await hydrated(page);
  await page.getByLabel("First name").fill("Chiamaka");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your details are saved", { exact: true })).toBeVisible();
  await expect(page.getByTestId("profile-block")).toContainText("Chiamaka");

  // The fixture's account has no usable password, so any current password is wrong.
  await page.getByLabel("Current password").fill("whatever-it-was");
  await page.getByLabel("New password").fill("new-password-2026");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Your current password is not right").first()).toBeVisible();

  await page.getByLabel("New password").fill("short");
  await page.getByLabel("New password").blur();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
});

for (const language of ["ha", "yo", "fr", "ig"] as const) {
  test(`the main pages fit a 360 px phone in ${language}`, async ({ page, context, baseURL, user }) => {
    void user;
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/dashboard", "/marketplace", "/my-listings", "/settings", "/auth"]) {
      if (path === "/auth") await context.clearCookies({ name: "asiiko-session" });
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows sideways in ${language}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${language}${path.replace(/\//g, "-")}-360.png` });
    }
  });
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("the sidebar runs the page's full height beside the footer and stays in view", async ({ page, user }) => {
    void user;
    await page.goto("/dashboard");
    await hydrated(page);
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    const footer = page.locator("footer").last();
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
      "the page is taller than the screen",
    ).toBeGreaterThan(100);

    await footer.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeInViewport();
    const [side, foot] = [await sidebar.boundingBox(), await footer.boundingBox()];
    expect(side && foot, "sidebar and footer are drawn").toBeTruthy();
    // The column reaches the bottom of the footer, and its entries are still on screen.
    expect(side!.y + side!.height).toBeGreaterThanOrEqual(foot!.y + foot!.height - 1);
    await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).toBeInViewport();
    await expect(sidebar.getByRole("button", { name: "Sign Out" })).toBeInViewport();
  });
});

test("'Dashboard' is the current entry on / as on /dashboard", async ({ page, user }) => {
  void user;
  const nav = page.getByRole("complementary", { name: "Main navigation" });
  for (const path of ["/", "/dashboard"]) {
    await page.goto(path);
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveClass(/bg-brand-50/);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  await page.goto("/marketplace");
  await expect(nav.getByRole("link", { name: "Marketplace", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute("aria-current", "page");
});

test("a farmer who just registered is welcomed; after signing in again, welcomed back", async ({ page }) => {
  const username = `bola_${randomBytes(4).toString("hex")}`;
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("First name").fill("Bola");
  await page.getByLabel("Last name").fill("Adeyemi");
  await page.getByRole("tabpanel").getByLabel("Username").fill(username);
  await page.getByRole("tabpanel").getByLabel("Password").fill("bola-password-2026");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Bola!");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Bola!");

  try {
    // The registration was two minutes ago: a later sign-in is a return.
    await withDatabase(async (client) => {
      await client.query(`UPDATE "User" SET "createdAt" = "createdAt" - interval '2 minutes' WHERE username = $1`, [
        username,
      ]);
      await client.query(
        `UPDATE "Session" SET "createdAt" = "createdAt" - interval '2 minutes' WHERE "userId" = (SELECT id FROM "User" WHERE username = $1)`,
        [username],
      );
    });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Bola!");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page.getByRole("link", { name: "Sign In to Start Farming" })).toBeVisible();

    await page.goto("/auth");
    await hydrated(page);
    await page.getByRole("tabpanel").getByLabel("Username").fill(username);
    await page.getByRole("tabpanel").getByLabel("Password").fill("bola-password-2026");
    await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Bola!");
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE username = $1`, [username]));
  }
});

test("an account made days ago is welcomed back", async ({ page, user }) => {
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "createdAt" = now() - interval '3 days' WHERE id = $1`, [user.id]),
  );
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${user.firstName}!`);
});

for (const width of [360, 1280]) {
  test(`the weather figures keep value and unit on one line at ${width} px`, async ({ page, user }) => {
    void user;
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard");
    const figures = page.getByTestId("weather-figures").locator("dd");
    await expect(figures).toHaveText(["75%", "142 mm", "12 km/h"]);
    for (const figure of await figures.all()) {
      const fit = await figure.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return { lines, overflow: element.scrollWidth - element.clientWidth };
      });
      expect(fit.lines, `${await figure.innerText()} wraps`).toBe(1);
      expect(fit.overflow, `${await figure.innerText()} overflows its tile`).toBeLessThanOrEqual(0);
    }
  });
}
