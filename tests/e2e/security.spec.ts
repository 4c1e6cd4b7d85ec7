import { expect, hydrated, test } from "./fixtures";

// The Content-Security-Policy allows what the pages really use: the pages
// load, hydrate and work with no violation reported.

test("the main pages load and hydrate with no Content-Security-Policy violation", async ({ page, user }) => {
  void user;
  // Chromium reports every blocked script, style, image or connection on the console.
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  // The farm map too: its tiles come from the tile server, which the policy must allow.
  for (const path of [
    "/dashboard",
    "/marketplace",
    "/my-listings",
    "/search?q=maize",
    "/asiiko",
    "/mapping",
    "/settings",
    "/profile",
    "/help",
  ]) {
    await page.goto(path);
    await hydrated(page);
  }
  // A client-side navigation and a theme change run the page's own scripts after load.
  await page.getByRole("link", { name: "Marketplace" }).first().click();
  await expect(page).toHaveURL(/\/marketplace/);
  await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the signed-out pages and the sign-in form work under the policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  await hydrated(page);
  await page.goto("/auth");
  await hydrated(page);
  await expect(page.getByRole("tab").first()).toBeVisible();
  expect(violations).toEqual([]);
});
