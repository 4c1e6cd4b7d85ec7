import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { formatNigerianPhone } from "../../app/lib/phone";
import { E2E_QUEUE_PREFIX } from "../support/e2e-env";
import { uniquePhone } from "../support/phones";
import { createUser, expect, expectResults, hydrated, indexForSearch, signIn, test, withDatabase } from "./fixtures";
import { unreadable } from "./unreadable";

// A buyer reaches a seller: the seller saves a phone on Profile, confirms it
// with the code texted to it (read in the demo SMS inbox), and shows it on a
// listing; another signed-in buyer opens the listing's details on a
// phone-sized screen and finds Call, WhatsApp and SMS.

/** A seller with a verified phone and one active custom listing that shows it. */
async function sellerSharingPhone(
  firstName: string,
  phone: string,
  listing: { title: string; priceNgn: string; locality: string },
) {
  const seller = await createUser({ firstName });
  const id = `e2e_listing_${randomBytes(6).toString("hex")}`;
  await withDatabase(async (client) => {
    await client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = now() WHERE id = $1`, [seller.id, phone]);
    await client.query(
      `INSERT INTO "Listing" (id, title, "showPhone", "sellerId", "priceNgn", quantity, condition, status, images, locality, "updatedAt")
       VALUES ($1, $2, true, $3, $4, 8, 'new', 'active', $5, $6, now())`,
      [id, listing.title, seller.id, listing.priceNgn, ["/images/products/maize.svg"], listing.locality],
    );
  });
  await indexForSearch("listing", [id]);
  return seller;
}

test("a seller shares a phone on a listing and a buyer finds Call, WhatsApp and SMS at 360 px", async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // The seller (the fixture's user, Chioma of Okafor) saves a phone on Profile.
  const phone = uniquePhone();
  const digits = phone.slice(4);
  const national = formatNigerianPhone(phone);
  await page.goto("/profile");
  await hydrated(page);
  await expect(page.getByText("No phone number saved yet.")).toBeVisible();
  await page.getByLabel("Mobile number").fill("0803 12");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Enter a Nigerian mobile number, such as 0803 123 4567")).toBeVisible();
  // Written as people write it: without the 0, with spaces.
  await page.getByLabel("Mobile number").fill(`${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);
  await page.getByLabel("Mobile number").press("Enter");
  await expect(page.getByText("Code sent. It may take a minute to arrive.", { exact: true })).toBeVisible();
  const box = page.getByTestId("phone-code-box");
  await expect(box).toContainText(`We sent a code to ${national}.`);
  // Not the account's number until it is confirmed.
  await expect(page.getByText("No phone number saved yet.")).toBeVisible();

  // The demo SMS inbox (the demo banner links to it too) shows the text.
  await box.getByRole("link", { name: "Open the demo SMS inbox to read it" }).click();
  await expect(page).toHaveURL(/\/sms$/);
  await expect(page.getByRole("heading", { name: "Demo SMS inbox" })).toBeVisible();
  const text = page.getByTestId("sms-inbox").getByRole("listitem").filter({ hasText: phone }).first();
  await expect(text).toContainText("Asiiko code:");
  const code = /\b(\d{6})\b/.exec((await text.getByTestId("sms-body").textContent()) ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.getByRole("link", { name: "Back to Profile" }).click();
  await hydrated(page);
  // A wrong code first: said in the field, with the tries left.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Code from the text").fill(wrong);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("That code is not right. Check the text and try again.")).toBeVisible();
  await expect(page.getByText("That code is not right. 4 tries left.")).toBeVisible();
  await expect(page.getByTestId("phone-code-box").getByText("4 tries left", { exact: true })).toBeVisible();
  await page.getByLabel("Code from the text").fill(code!);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Phone verified", { exact: true })).toBeVisible();
  await expect(page.getByTestId("profile-phone")).toHaveText(national);
  await expect(page.getByTestId("phone-verified")).toHaveText("Verified");
  await expect(page.getByTestId("phone-code-box")).toHaveCount(0);
  const stored = await withDatabase((client) =>
    client.query<{ phone: string; phoneVerifiedAt: Date | null }>(
      `SELECT phone, "phoneVerifiedAt" FROM "User" WHERE id = $1`,
      [user.id],
    ),
  );
  expect(stored.rows[0]?.phone).toBe(phone);
  expect(stored.rows[0]?.phoneVerifiedAt).not.toBeNull();

  // A listing that shows it.
  const name = `Fresh ugu leaves ${randomBytes(3).toString("hex")}`;
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const form = page.getByRole("dialog", { name: "Create New Listing" });
  await form.getByLabel("Something not in the list").check();
  await form.getByLabel("What are you selling?").fill(name);
  await form.getByLabel("Price (NGN)").fill("1500");
  await form.getByLabel("Product Images").fill("/images/products/maize.svg");
  await form.getByLabel("Product Images").press("Enter");
  await form.getByRole("button", { name: "Add Location" }).click();
  const place = page.getByRole("dialog", { name: "Add Location" });
  await place.getByPlaceholder("e.g. Ibadan").fill("Ibadan");
  await place.getByPlaceholder("e.g. Ibadan").press("Enter");
  await expect(place).toBeHidden();
  const share = form.getByLabel("Show my phone number to buyers");
  await expect(share).toBeEnabled();
  await share.check();
  await form.getByRole("button", { name: "Create Listing" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("article", { name })).toBeVisible();

  // Another signed-in buyer, on a small phone.
  const buyer = await createUser({ firstName: "Musa", lastName: "Bello" });
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const buyerPage = await context.newPage();
    await signIn(buyerPage, buyer, baseURL!);
    // The page's answers never carry the number: only the details ask for it.
    const bodies: string[] = [];
    buyerPage.on("response", (response) => {
      if (!/\/marketplace\/[^/]+\/seller/.test(response.url()))
        void response.text().then(
          (text) => bodies.push(text),
          () => undefined,
        );
    });
    await buyerPage.goto(`/marketplace?search=${encodeURIComponent(name)}`);
    await hydrated(buyerPage);
    const card = buyerPage.getByRole("article", { name });
    await expectResults(buyerPage, () => expect(card).toBeVisible());
    expect(await buyerPage.content()).not.toContain(digits);
    await card.getByRole("button", { name: "View" }).click();

    const details = buyerPage.getByRole("dialog", { name });
    await expect(details).toBeVisible();
    await expect(details.getByTestId("listing-seller-name").getByRole("link")).toHaveText("Chioma O.");
    await expect(details).toContainText("Ibadan, Oyo");
    const call = details.getByRole("link", { name: "Call" });
    await expect(call).toHaveAttribute("href", `tel:${phone}`);
    const message = `Hello Chioma, I saw your listing "${name}" on Asiiko. Is it still available?`;
    await expect(details.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/${phone.slice(1)}?text=${encodeURIComponent(message)}`,
    );
    await expect(details.getByRole("link", { name: "SMS" })).toHaveAttribute(
      "href",
      `sms:${phone}?body=${encodeURIComponent(message)}`,
    );
    // All three fit the small screen.
    for (const link of ["Call", "WhatsApp", "SMS"]) {
      const box = await details.getByRole("link", { name: link }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    expect(
      await buyerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(bodies.some((text) => text.includes(digits))).toBe(false);
    await buyerPage.screenshot({ path: "test-results/screens/listing-contact-360-light.png" });
  } finally {
    await context.close();
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [buyer.id]));
  }
});

test("without a saved phone the form's choice is off, with a way to Profile; a visitor signed out sees nothing of the seller", async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  void user;
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const form = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(form.getByLabel("Show my phone number to buyers")).toBeDisabled();
  await expect(
    form.getByText("Add your phone number on your Profile and verify it to let buyers reach you."),
  ).toBeVisible();
  await form.getByRole("link", { name: "Add it on Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Phone number" })).toBeVisible();

  const visitor = await browser.newContext();
  try {
    const response = await visitor.request.get(`${baseURL}/api/market/listings/seed_listing_1`);
    expect(response.status()).toBe(401);
    // The details' own address sends a visitor to sign in, with nothing of the seller.
    const page = await visitor.request.get(`${baseURL}/marketplace/seed_listing_1/seller`, { maxRedirects: 0 });
    expect(page.status()).toBe(302);
    expect(page.headers()["location"]).toMatch(/^\/auth/);
    expect(await page.text()).not.toContain("firstName");
  } finally {
    await visitor.close();
  }
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the contact details, Profile's phone and the form's choices look right at ${width} px in ${theme}`, async ({
      page,
      context,
      user,
      baseURL,
    }) => {
      const name = `Smoked catfish ${randomBytes(3).toString("hex")}`;
      const seller = await sellerSharingPhone("Adaeze", uniquePhone(), {
        title: name,
        priceNgn: "3500.00",
        locality: "Epe, Lagos",
      });
      const own = uniquePhone();
      await withDatabase((client) =>
        client.query(`UPDATE "User" SET phone = $2, "phoneVerifiedAt" = now() WHERE id = $1`, [user.id, own]),
      );
      try {
        await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/marketplace?search=${encodeURIComponent(name)}`);
        await hydrated(page);
        await page.getByRole("article", { name }).getByRole("button", { name: "View" }).click();
        const details = page.getByRole("dialog", { name });
        await expect(details.getByRole("link", { name: "WhatsApp" })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: `test-results/screens/listing-contact-${width}-${theme}.png` });

        await page.goto("/profile");
        await hydrated(page);
        await expect(page.getByTestId("profile-phone")).toHaveText(formatNigerianPhone(own));
        await page.getByRole("heading", { name: "Phone number" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screens/profile-phone-${width}-${theme}.png`, fullPage: true });

        await page.goto("/my-listings");
        await hydrated(page);
        await page.getByRole("button", { name: "Create Listing" }).first().click();
        const form = page.getByRole("dialog", { name: "Create New Listing" });
        await form.getByLabel("Something not in the list").check();
        await form.getByLabel("Show my phone number to buyers").check();
        await form.getByRole("button", { name: "Create Listing" }).click();
        await expect(form.getByText("Give what you sell a short title (2 to 80 characters)")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: `test-results/screens/listing-form-custom-${width}-${theme}.png` });
        await form.getByLabel("Show my phone number to buyers").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screens/listing-form-phone-${width}-${theme}.png` });
      } finally {
        await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
      }
    });
  }
}

test("a buyer past the hour's allowance of numbers is told to wait, and the page keeps working", async ({
  page,
  user,
}) => {
  const name = `Palm oil ${randomBytes(3).toString("hex")}`;
  const seller = await sellerSharingPhone("Bisi", uniquePhone(), {
    title: name,
    priceNgn: "9000.00",
    locality: "Ogbomoso",
  });
  // This buyer has already seen 30 other sellers' numbers this hour.
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    const key = `${E2E_QUEUE_PREFIX}:rl:contact-reveal:${user.id.toLowerCase()}`;
    await redis.sadd(key, ...Array.from({ length: 30 }, (_, index) => `seen_${index}`));
    await redis.expire(key, 3600);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/marketplace?search=${encodeURIComponent(name)}`);
    await hydrated(page);
    await page.getByRole("article", { name }).getByRole("button", { name: "View" }).click();
    const details = page.getByRole("dialog", { name });
    await expect(details.getByRole("alert")).toContainText("You have viewed many sellers' numbers in the last hour");
    await expect(details.getByRole("link", { name: "Call" })).toHaveCount(0);
    // The dialog closes and the marketplace is still there: no error page.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("article", { name })).toBeVisible();
  } finally {
    await redis.quit();
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [seller.id]));
  }
});

test("Profile's phone reads whole at 360 px in Hausa and Yoruba, dark: a code waiting, and a number another account took", async ({
  page,
  context,
  user,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await context.addCookies([{ name: "asiiko-theme", value: "dark", url: baseURL! }]);
  const findings: string[] = [];
  for (const language of ["ha", "yo"] as const) {
    // Another account confirmed this user's number: Profile says so.
    await withDatabase((client) =>
      client.query(`UPDATE "User" SET phone = NULL, "phoneVerifiedAt" = NULL, "phoneTakenAt" = now() WHERE id = $1`, [
        user.id,
      ]),
    );
    await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
    await page.goto("/profile");
    await hydrated(page);
    await expect(page.getByTestId("phone-taken")).toBeVisible();
    const phone = uniquePhone();
    await page.locator('input[name="phone"][type="tel"]').fill(formatNigerianPhone(phone));
    await page.locator('input[name="phone"][type="tel"]').press("Enter");
    await expect(page.getByTestId("phone-code-box")).toContainText(formatNigerianPhone(phone));
    await page.getByTestId("phone-code-box").scrollIntoViewIfNeeded();
    for (const finding of await unreadable(page)) findings.push(`[${language}] ${finding}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/profile-phone-code-360-dark-${language}.png`, fullPage: true });
  }
  expect(findings).toEqual([]);
});
