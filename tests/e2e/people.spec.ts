import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { hydrated, test as withUser, withDatabase } from "./fixtures";

// What people say they are, where the product called everyone 'Farmer', and the footer
// newsletter that now keeps the address: both on a 360 px phone, as they were seen there.
const ha = JSON.parse(readFileSync("app/locales/ha.json", "utf8"));
const yo = JSON.parse(readFileSync("app/locales/yo.json", "utf8"));

test.use({ viewport: { width: 360, height: 740 } });

test("a herbalist signs up, is called Herbalist where it said Farmer, and changes it in Profile", async ({ page }) => {
  test.setTimeout(90_000);
  const username = `herb_${randomBytes(4).toString("hex")}`;
  await page.goto("/auth?tab=register");
  await hydrated(page);
  await page.getByLabel("First name").fill("Iya");
  await page.getByLabel("Last name").fill("Agbo");
  await page.getByRole("tabpanel").getByLabel("Username").fill(username);
  await page.getByRole("tabpanel").getByLabel("Password").fill("herbs-and-roots-26");
  await page.getByLabel("What you do (optional)").selectOption({ label: "Herbalist" });
  await page.getByRole("tabpanel").getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The sidebar's profile block, opened from the phone's menu.
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const block = page.getByTestId("profile-block");
  await expect(block).toBeInViewport();
  await expect(block).toContainText("Herbalist");
  await expect(block).not.toContainText("Farmer");
  await page.screenshot({ path: "test-results/screens/people-sidebar-herbalist-360.png" });
  await page.getByTestId("sidebar-overlay").click({ position: { x: 340, y: 400 } });

  await page.goto("/profile");
  await hydrated(page);
  await expect(page.getByTestId("profile-occupation")).toHaveText("Herbalist");
  const select = page.getByLabel("What you do (optional)");
  await expect(select).toHaveValue("herbalist");
  await select.selectOption({ label: "Trader" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("profile-occupation")).toHaveText("Trader");
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("profile-occupation")).toHaveText("Trader");
  await expect(page.getByLabel("What you do (optional)")).toHaveValue("trader");

  // Not saying: 'Member', nothing made up.
  await page.getByLabel("What you do (optional)").selectOption({ label: "Prefer not to say" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("profile-occupation")).toHaveText("Member");
  await withDatabase((client) => client.query(`DELETE FROM "User" WHERE username = $1`, [username]));
});

test("the footer newsletter in Hausa keeps the address and confirms it, on the landing page and in the app", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `news_${randomBytes(4).toString("hex")}@example.ng`;
  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  // The landing page runs without the app: the form posts, and the answer is the newsletter page.
  await page.goto("/");
  await page.getByPlaceholder(ha.footer.emailPlaceholder).fill(email);
  await page.getByRole("button", { name: ha.footer.subscribe, exact: true }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole("status")).toHaveText(ha.footer.subscribed);
  await expect(page.getByRole("heading", { name: ha.newsletter.subscribedTitle })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screens/people-newsletter-page-360-ha.png", fullPage: true });
  const rows = await withDatabase((client) =>
    client.query(`SELECT language, token FROM "NewsletterSubscription" WHERE email = $1`, [email]),
  );
  expect(rows.rows).toEqual([{ language: "ha", token: expect.stringMatching(/^[\w-]{43}$/) }]);

  // Again: the same answer, still one row.
  await page.goto("/");
  await page.getByPlaceholder(ha.footer.emailPlaceholder).fill(email.toUpperCase());
  await page.getByRole("button", { name: ha.footer.subscribe, exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(ha.footer.subscribed);
  const count = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "NewsletterSubscription" WHERE email = $1`, [email]),
  );
  expect(count.rows[0].n).toBe(1);

  // Leaving: the link shows a button, and only the button ends it.
  await context.addCookies([{ name: "asiiko-lang", value: "yo", url: baseURL! }]);
  await page.goto(`/newsletter/unsubscribe/${rows.rows[0].token}`);
  await expect(page.getByRole("heading", { name: yo.newsletter.unsubscribeTitle })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/people-unsubscribe-360-yo.png", fullPage: true });
  await page.getByRole("button", { name: yo.newsletter.unsubscribeButton }).click();
  await expect(page.getByRole("heading", { name: yo.newsletter.unsubscribedTitle })).toBeVisible();
  const left = await withDatabase((client) =>
    client.query(`SELECT count(*)::int AS n FROM "NewsletterSubscription" WHERE email = $1`, [email]),
  );
  expect(left.rows[0].n).toBe(0);
});

withUser.use({ viewport: { width: 360, height: 740 } });

withUser(
  "in the app, the answer shows under the field, in Hausa, and the field clears",
  async ({ page, user, context, baseURL }) => {
    void user;
    const email = `news_${randomBytes(4).toString("hex")}@example.ng`;
    await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
    await page.goto("/help");
    await hydrated(page);
    const field = page.getByPlaceholder(ha.footer.emailPlaceholder);
    await field.fill(email);
    await page.getByRole("button", { name: ha.footer.subscribe, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: ha.footer.subscribed })).toBeVisible();
    await expect(field).toHaveValue("");
    await expect(page).toHaveURL(/\/help$/);
    await page.getByRole("status").filter({ hasText: ha.footer.subscribed }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screens/people-footer-360-ha.png" });
    const rows = await withDatabase((client) =>
      client.query(`SELECT language FROM "NewsletterSubscription" WHERE email = $1`, [email]),
    );
    expect(rows.rows).toEqual([{ language: "ha" }]);
    await withDatabase((client) => client.query(`DELETE FROM "NewsletterSubscription" WHERE email = $1`, [email]));
  },
);
