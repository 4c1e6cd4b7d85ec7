import { randomBytes, randomInt } from "node:crypto";
import { weekOf } from "../../app/modules/prices/figures";
import { createUser, expect, hydrated, signIn, test, withDatabase } from "./fixtures";

// The demo's basic phone (/ussd), as someone trying Asiiko without a network would use it: a
// number typed, the short code dialled, answers on the keypad; every screen is a POST to
// /api/ussd exactly as Africa's Talking sends it. A price by USSD in Hausa, sent by SMS, lands in
// the phone's texts; a text to Asiiko ("PRICE ...") is answered there. Without the page's script
// the same menu works by plain form posts (Yoruba, dark, 360 px).

const SHOTS = "test-results/screens";

/** A product with this week's price in Kano, and a number nobody has used. */
async function pricedProduct() {
  const tag = randomBytes(3).toString("hex");
  const product = { id: `e2e_ussd_${tag}`, name: `Ussdcorn ${tag}` };
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Product" (id, name, categories, unit, "updatedAt") VALUES ($1, $2, '{"Grains & Cereals"}', 'bags', now())`,
      [product.id, product.name],
    );
    await client.query(
      `INSERT INTO "PriceFigure" ("productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn", count, trades, outliers)
       VALUES ($1, 'Kano', $2::date, 41000, 39000, 43000, 36000, 47000, 8, 2, 0)`,
      [product.id, weekOf(new Date())],
    );
  });
  return { ...product, phone: `080${randomInt(1, 10)}${String(randomInt(0, 10_000_000)).padStart(7, "0")}` };
}

test.describe("the basic phone at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("dials the short code, asks a price in Hausa on the keypad, and gets it by SMS", async ({ page }) => {
    const product = await pricedProduct();
    await page.goto("/ussd");
    await hydrated(page);
    await page.getByLabel("Or type a number").fill(product.phone);
    const screen = page.getByTestId("phone-screen");
    await expect(screen).toContainText("Dial *347*88# to start.");

    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/ussd?token=")) calls.push(request.postData() ?? "");
    });
    await page.getByRole("button", { name: "Call", exact: true }).click();
    await expect(screen).toContainText("Choose your language");
    const keypad = page.getByTestId("keypad");
    const send = page.getByRole("button", { name: "Send", exact: true });
    await keypad.getByRole("button", { name: "3", exact: true }).click();
    await send.click();
    // Hausa, in plain letters: the menu's first line.
    await expect(screen).toContainText("1. Farashin kasuwa");
    await keypad.getByRole("button", { name: "1", exact: true }).click();
    await send.click();
    // The product's screen first: an answer typed before it arrives is cleared with the last one.
    await expect(screen).toContainText("Rubuta kaya");
    await page.getByLabel("Your answer").fill(product.name.toLowerCase());
    await send.click();
    await expect(screen).toContainText("1. Kano");
    await keypad.getByRole("button", { name: "1", exact: true }).click();
    await send.click();
    await expect(screen).toContainText("N41,000");
    await expect(screen).toContainText("N36,000");
    await page.screenshot({ path: `${SHOTS}/ussd-ha-360.png`, fullPage: true });
    await keypad.getByRole("button", { name: "1", exact: true }).click();
    await send.click();
    await expect(screen).toContainText("Session ended.");
    // Each screen was the provider's form: the session, the number, and every answer so far.
    const last = new URLSearchParams(calls.at(-1));
    expect(last.get("phoneNumber")).toBe(`+234${product.phone.slice(1)}`);
    expect(last.get("serviceCode")).toBe("*347*88#");
    expect(last.get("text")).toBe(`3*1*${product.name.toLowerCase()}*1*1`);
    expect(new Set(calls.map((body) => new URLSearchParams(body).get("sessionId"))).size).toBe(1);
    // The price, by SMS, in the phone's texts.
    await expect(page.getByTestId("phone-text").first()).toContainText(product.name);
    await expect(page.getByTestId("phone-text").first()).toContainText("N41,000");

    // A text to Asiiko in Hausa's command word is answered in Hausa.
    await page.getByLabel("Message").fill(`FARASHI ${product.name} Kano`);
    await page.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByTestId("phone-text")).toHaveCount(2);
    await expect(page.getByTestId("phone-text").first()).toContainText("N41,000");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/ussd-ha-360-texts.png`, fullPage: true });
  });
});

test("without the page's script, in Yoruba and dark at 360 px, the menu works by form posts", async ({
  browser,
  baseURL,
}) => {
  const product = await pricedProduct();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
    colorScheme: "dark",
  });
  await context.addCookies([
    { name: "asiiko-lang", value: "yo", url: baseURL! },
    { name: "asiiko-theme", value: "dark", url: baseURL! },
  ]);
  const page = await context.newPage();
  try {
    await page.goto("/ussd");
    await page.locator("#typedPhone").fill(product.phone);
    await page.locator('button[value="call"]').click();
    const screen = page.getByTestId("phone-screen");
    await expect(screen).toContainText("5. Yoruba");
    for (const answer of ["5", "1", product.name.toLowerCase(), "Kano"]) {
      await page.locator("#answer").fill(answer);
      await page.locator('button[value="send"]').click();
    }
    await expect(screen).toContainText("N41,000");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/ussd-yo-360-dark-nojs.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("at 1280 px the phone sits in the middle, readable", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/ussd");
  await hydrated(page);
  await expect(page.getByTestId("phone-screen")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ussd-en-1280.png`, fullPage: true });
});

test("Profile chooses a new USSD PIN, in Yoruba and dark at 360 px", async ({ browser, baseURL }) => {
  const { phone } = await pricedProduct();
  const user = await createUser({ firstName: "Bola", lastName: "Ige" });
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = now(), "pinFailures" = 4 WHERE id = $1`, [
      user.id,
      `+234${phone.slice(1)}`,
    ]),
  );
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: "dark" });
  await context.addCookies([
    { name: "asiiko-lang", value: "yo", url: baseURL! },
    { name: "asiiko-theme", value: "dark", url: baseURL! },
  ]);
  const page = await context.newPage();
  await signIn(page, user, baseURL!);
  try {
    await page.goto("/profile#ussd-pin-card");
    await hydrated(page);
    const card = page.locator("#ussd-pin-card");
    await expect(card).toBeVisible();
    await card.locator('input[name="pin"]').fill("2468");
    await card.getByRole("button").click();
    await expect(page.getByText("A ti fipamọ́ PIN")).toBeVisible();
    const stored = await withDatabase((client) =>
      client.query<{ pinHash: string | null; pinFailures: number }>(
        `SELECT "pinHash", "pinFailures" FROM "User" WHERE id = $1`,
        [user.id],
      ),
    );
    expect(stored.rows[0]!.pinHash).toMatch(/^scrypt\$/);
    expect(stored.rows[0]!.pinFailures).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await card.screenshot({ path: `${SHOTS}/profile-ussd-pin-yo-360-dark.png` });
  } finally {
    await context.close();
  }
});
