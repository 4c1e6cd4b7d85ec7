import type { Page } from "@playwright/test";
import { leafPhoto } from "../support/leaf-photos";
import { expect, hydrated, subscribe, test, toast, withDatabase, type TestUser } from "./fixtures";

// Sending a photo to Asiiko AI over a slow link, as from a farm with one bar of signal: the bytes
// sent show as they leave, Cancel stops the send (nothing is analysed or counted), and a send the
// connection breaks is sent again when the signal returns, to one analysis.

/** The phone's link: slow to send (a few kilobytes a second), as a weak 2G/3G signal is. */
async function slowLink(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 250_000,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function analyses(user: TestUser) {
  const rows = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "Analysis" WHERE "userId" = $1`, [user.id]),
  );
  return rows.rows[0].n as number;
}

async function choosePhoto(page: Page) {
  await page
    .getByRole("tabpanel", { name: "Crop Health" })
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: await leafPhoto("spotted") });
}

/** The kilobytes sent so far, as the card says them. */
async function sentSoFar(page: Page) {
  const text = (await page.locator("[data-upload-progress]").textContent()) ?? "";
  return Number(/Sending the photo: ([\d.,]+) KB/.exec(text)?.[1]?.replace(/,/g, "") ?? -1);
}

test("the photo's bytes show as they leave, and Cancel stops the send with nothing analysed", async ({
  page,
  user,
}) => {
  await subscribe(user);
  await page.goto("/asiiko");
  await hydrated(page);
  await slowLink(page, 3_000);
  await choosePhoto(page);
  const progress = page.locator("[data-upload-progress]");
  await expect(progress).toContainText(/Sending the photo: [\d.,]+ KB of [\d.,]+ KB/);
  await expect.poll(() => sentSoFar(page)).toBeGreaterThan(0);
  const first = await sentSoFar(page);
  await expect.poll(() => sentSoFar(page)).toBeGreaterThan(first);
  await page.locator("[data-cancel-sending]").click();
  await expect(toast(page, "Sending stopped: the photo was not analysed")).toBeVisible();
  await expect(page.locator("[data-progress-card]")).toHaveCount(0);
  expect(await analyses(user)).toBe(0);
});

test("a send the connection breaks is sent again, and becomes one analysis", async ({ page, user }) => {
  await subscribe(user);
  await page.goto("/asiiko");
  await hydrated(page);
  // The first send's connection is cut before the server has the photo.
  let sends = 0;
  await page.route("**/api/ai/analyze", async (route) => {
    sends += 1;
    if (sends === 1) await route.abort("connectionreset");
    else await route.continue();
  });
  await choosePhoto(page);
  await expect(page.locator("[data-upload-progress]")).toContainText("The connection broke: sending the photo again");
  await expect(page.locator("[data-severity]").first()).toHaveText(/ RISK$/, { timeout: 30_000 });
  await expect(toast(page, "Analysis Complete")).toBeVisible();
  expect(sends).toBe(2);
  expect(await analyses(user)).toBe(1);
});
