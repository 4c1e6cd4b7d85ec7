import { randomBytes, randomInt } from "node:crypto";
import { weekOf } from "../../app/modules/prices/figures";
import { createUser, expect, hydrated, signIn, test, withDatabase } from "./fixtures";

// The demo's basic phone (/ussd), as someone trying Asiiko without a network would use it: signed
// in, they call as their own verified number (a visitor only as the demo accounts), dial the short
// code and answer on the keypad; every screen is a POST to /api/ussd/simulator, which asks the
// menu in the server as Africa's Talking's callback would: the callback's token is never on the
// page. A price by USSD in Hausa, sent by SMS, lands in the phone's texts; a text to Asiiko
// ("PRICE ...") is answered there. Without the page's script the same menu works by plain form
// posts (Yoruba, dark, 360 px).

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

/** A member whose verified number is `phone` (0803...), its USSD language already chosen. */
async function memberWithPhone(phone: string, ussdLanguage: string) {
  const user = await createUser({ firstName: "Bala", lastName: "Musa" });
  const e164 = `+234${phone.slice(1)}`;
  await withDatabase(async (client) => {
    await client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = now() WHERE id = $1`, [user.id, e164]);
    await client.query(
      `INSERT INTO "PhoneCaller" (phone, language, "updatedAt") VALUES ($1, $2, now())
       ON CONFLICT (phone) DO UPDATE SET language = $2`,
      [e164, ussdLanguage],
    );
  });
  return { user, e164 };
}

test.describe("the basic phone at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("calls as the member's own number, asks a price in Hausa on the keypad, and gets it by SMS", async ({
    page,
    baseURL,
  }) => {
    const product = await pricedProduct();
    const { user, e164 } = await memberWithPhone(product.phone, "ha");
    await signIn(page, user, baseURL!);
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/ussd/simulator")
        calls.push(request.postData() ?? "");
    });
    await page.goto("/ussd");
    await hydrated(page);
    // The provider's callback and its token are nowhere in the page.
    expect(await page.content()).not.toContain("/api/ussd?token");
    await page.getByLabel("The number to call as").selectOption(e164);
    const screen = page.getByTestId("phone-screen");
    await expect(screen).toContainText("Dial *347*88# to start.");

    await page.getByRole("button", { name: "Call", exact: true }).click();
    // Hausa, in plain letters: the menu's first line.
    await expect(screen).toContainText("1. Farashin kasuwa");
    const keypad = page.getByTestId("keypad");
    const send = page.getByRole("button", { name: "Send", exact: true });
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
    expect(last.get("phoneNumber")).toBe(e164);
    expect(last.get("text")).toBe(`1*${product.name.toLowerCase()}*1*1`);
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

  test("a visitor calls as a demo account, is offered only the demo accounts' numbers, and cannot call as another", async ({
    page,
  }) => {
    const product = await pricedProduct();
    const { e164 } = await memberWithPhone(product.phone, "en");
    await page.goto(`/ussd?phone=${encodeURIComponent(e164)}`);
    await hydrated(page);
    const offered = await page
      .getByLabel("The number to call as")
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).not.toContain(e164);
    await expect(page.getByText("Anyone may call as a demo account.")).toBeVisible();
    // Asked for straight, as a script would: refused.
    const asked = await page.request.post("/api/ussd/simulator", {
      form: { sessionId: `demo_${crypto.randomUUID()}`, phoneNumber: e164, text: "" },
    });
    expect(asked.status()).toBe(403);
    // A demo account's number (the first offered) calls as any basic phone would.
    expect(offered.length).toBeGreaterThan(0);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/ussd/simulator");
    await page.getByRole("button", { name: "Call", exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByTestId("phone-screen")).not.toContainText("Dial *347*88# to start.");
    await expect(page.getByTestId("phone-screen")).toContainText("1. ");
    await page.getByRole("button", { name: "End call", exact: true }).click();
  });
});

test("without the page's script, in Yoruba and dark at 360 px, the menu works by form posts", async ({
  browser,
  baseURL,
}) => {
  const product = await pricedProduct();
  const { user, e164 } = await memberWithPhone(product.phone, "yo");
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
  await signIn(page, user, baseURL!);
  try {
    await page.goto(`/ussd?phone=${encodeURIComponent(e164)}`);
    await page.locator("#phone").selectOption(e164);
    await page.locator('button[value="call"]').click();
    const screen = page.getByTestId("phone-screen");
    await expect(screen).toContainText("1.");
    for (const answer of ["1", product.name.toLowerCase(), "Kano"]) {
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
