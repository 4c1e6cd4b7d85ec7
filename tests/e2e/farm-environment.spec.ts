import type { Page } from "@playwright/test";
import { expect, hydrated, squareBoundary, subscribe, test } from "./fixtures";

// A farm's weather and soil as the farmer sees them on the mapping page, from the local server
// that speaks Open-Meteo's and SoilGrids' APIs (tests/setup/e2e-server.ts): the panel says it is
// fetching, then shows the farm's forecast with the hint not to spray before rain, and the Soil
// Data tab the topsoil with what it means; at 360 px in Yoruba in the dark too.

const TILE_HOSTS = /arcgisonline\.com|opentopomap\.org|openstreetmap\.org/;

test.beforeEach(async ({ context }) => {
  await context.route(TILE_HOSTS, (route) => route.abort("internetdisconnected"));
});

async function farmAt(page: Page, lng: number, lat: number) {
  const created = await page.request.post("/api/farms", {
    data: { name: "Oko Baba Ade", crops: ["Cassava"], boundary: squareBoundary(lng, lat) },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { farm: { id: string } }).farm.id;
}

test("the environment panel shows the farm's forecast and farm-work hints, and Soil Data the topsoil", async ({
  page,
  user,
}) => {
  await subscribe(user);
  const farmId = await farmAt(page, 3.94, 7.37);
  await page.goto(`/mapping?farm=${farmId}`);
  await hydrated(page);
  const panel = page.locator("[data-environment-panel]");
  // Asked of the queue on the first visit; the page asks again until it comes.
  await expect(panel).toHaveAttribute("data-weather-status", "ready");
  await expect(panel.locator("[data-environment-note]")).toContainText("Forecast for this farm, updated at");
  await expect(panel.getByText("Rain, next 7 days")).toBeVisible();
  await expect(panel.getByText("46 mm")).toBeVisible();
  await expect(panel.locator('[data-hint="rainSoon"]')).toHaveText(
    "Rain is expected within 48 hours (10 mm): don't spray, it would wash off.",
  );
  await expect(panel.locator('[data-hint="heavyRain"]')).toContainText("Heavy rain on");
  await expect(panel.locator("[data-forecast-days] li")).toHaveCount(7);
  await expect(panel.getByText("Forecast: Open-Meteo.com")).toBeVisible();

  await page.getByRole("tab", { name: "Soil Data" }).click();
  const soil = page.getByRole("region", { name: "Soil at the farm's centre (top 15 cm)" });
  await expect(soil.locator('[data-soil="ph"]')).toContainText("5.3");
  await expect(soil.locator('[data-soil="ph"]')).toContainText("Acid soil: consider lime");
  await expect(soil.locator('[data-soil="texture"]')).toContainText("Sandy clay loam");
  await expect(soil.locator('[data-soil="texture"]')).toContainText("Sand 62%, silt 14%, clay 24%");
  await expect(soil.locator('[data-soil="nitrogen"]')).toContainText("Low nitrogen");
  await page.screenshot({ path: "test-results/shots/environment-en-1280.png", fullPage: true });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("weather and soil in Yoruba, dark, fit the screen", async ({ page, user, context, baseURL }) => {
    await subscribe(user);
    await context.addCookies([
      { name: "asiiko-lang", value: "yo", url: baseURL! },
      { name: "asiiko-theme", value: "dark", url: baseURL! },
    ]);
    const farmId = await farmAt(page, 7.49, 9.05);
    await page.goto(`/mapping?farm=${farmId}`);
    await hydrated(page);
    const panel = page.locator("[data-environment-panel]");
    await expect(panel).toHaveAttribute("data-weather-status", "ready");
    await expect(panel.locator('[data-hint="rainSoon"]')).toBeVisible();
    await page.getByRole("tab").nth(2).click();
    await expect(page.locator('[data-soil-status="ready"]')).toBeVisible();
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("[data-environment-panel] *, [data-soil-status] *")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => element.textContent?.slice(0, 40)),
    );
    expect(overflowing).toEqual([]);
    await page.locator('[data-soil-status="ready"]').screenshot({ path: "test-results/shots/soil-yo-360-dark.png" });
    await panel.screenshot({ path: "test-results/shots/environment-yo-360-dark.png" });
  });
});
