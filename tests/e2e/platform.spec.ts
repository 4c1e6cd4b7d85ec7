import { expect, test } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "../../playwright.config";
import { QUEUE_NAMES } from "~/jobs/names";

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the health endpoint answers for the browser's periodic check", async ({ request }) => {
  const response = await request.head("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("hashed assets are cached for a year", async ({ page, request }) => {
  await page.goto("/");
  const assets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]")]
      .map((element) => element.getAttribute("href") ?? element.getAttribute("src") ?? "")
      .filter((url) => url.startsWith("/assets/")),
  );
  expect(assets.length).toBeGreaterThan(0);
  const script = assets[0];
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  expect(asset.headers()["cache-control"]).toContain("immutable");
});

test("operators see every queue on the dashboard", async ({ page }) => {
  const closed = await page.goto("/admin/queues");
  expect(closed?.status()).toBe(401);

  await page.goto(`/admin/queues?token=${E2E_ADMIN_TOKEN}`);
  await expect(page).toHaveURL(/\/admin\/queues$/);
  for (const name of QUEUE_NAMES) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
});
