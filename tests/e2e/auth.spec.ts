import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { hydrated, test as withUser } from "./fixtures";

// Sign-in and registration through the real form, and the preferences that
// must survive a reload (language, theme) with no flash of the wrong one.
const ha = JSON.parse(readFileSync("app/locales/ha.json", "utf8"));
// Wrong passwords for a name nobody has: they count towards that name's lock only,
// never towards the demo farmer's that other tests sign in as.
const stranger = `nobody_${randomBytes(4).toString("hex")}`;

test("a new farmer registers, lands on the dashboard, keeps Hausa and dark after reloads, and signs out", async ({
  page,
}) => {
  const username = `ada_${randomBytes(4).toString("hex")}`;
  await page.goto("/auth");
  await hydrated(page);
  await expect(page.getByText("₦15,000 per month")).toBeVisible();
  for (const language of ["English", "Français", "Hausa", "Igbo", "Yoruba"]) {
    await expect(page.getByRole("listitem").filter({ hasText: language }).first()).toBeVisible();
  }

  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByRole("tabpanel").getByLabel("Username")).toHaveAttribute("placeholder", "3-50 characters");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Obi");
  await page.getByRole("tabpanel").getByLabel("Username").fill(username);
  await page.getByLabel("E-mail (optional)").fill(`${username}@example.ng`);
  await page.getByRole("tabpanel").getByLabel("Password").fill("ada-password-2026");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");

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
  await page.getByRole("tabpanel").getByLabel("Username").fill("amina");
  await page.getByRole("tabpanel").getByLabel("Password").fill("AsiikoFarmer#2026");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
});

test("a wrong password shows 'Login failed' and the reason, and stays on the form", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tabpanel").getByLabel("Username").fill("amina");
  await page.getByRole("tabpanel").getByLabel("Password").fill("not-the-password");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
  await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the hints are checked and each field says what is wrong", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByRole("tabpanel").getByLabel("Username").fill("ab");
  await page.getByRole("tabpanel").getByLabel("Password").fill("short");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
  await expect(page.getByText("Username must be 3-50 characters")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("First name is required")).toBeVisible();
});

test("a signed-in visitor at /auth goes to /", async ({ page }) => {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("tabpanel").getByLabel("Username").fill("tunde");
  await page.getByRole("tabpanel").getByLabel("Password").fill("AsiikoFarmer#2026");
  await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
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

test.describe("the sign-in page runs without the app", () => {
  test("it loads no scripts, and its tabs switch in place with a tap or the arrow keys", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/auth?redirectTo=%2Fsettings");
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "static");
    const signUp = page.getByRole("tab", { name: "Sign Up" });
    await signUp.click();
    await expect(signUp).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("First name")).toBeVisible();
    // The address follows the tab, the redirect kept: a reload shows the same form.
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings&tab=register$/);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Sign In" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("First name")).toBeHidden();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
    expect(scripts).toEqual([]);
  });

  test("a sent form says 'Signing in...' until the answer comes, and a second tap sends nothing more", async ({
    page,
  }) => {
    await page.goto("/auth");
    await hydrated(page);
    await page.getByRole("tabpanel").getByLabel("Username").fill(stranger);
    await page.getByRole("tabpanel").getByLabel("Password").fill("not-the-password");
    // Playwright cannot look into a page whose next page is on its way, so the page notes
    // what each tap did (in session storage, which outlives the page) and the test reads it after.
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>("form#login")!;
      const button = form.querySelector("button[type=submit]")!;
      const seen: string[] = [];
      form.addEventListener("submit", (event) => {
        seen.push(
          `${event.defaultPrevented ? "held" : "sent"}:${button.textContent}:${button.getAttribute("aria-disabled")}`,
        );
        sessionStorage.setItem("asiiko-test-taps", JSON.stringify(seen));
      });
      (button as HTMLButtonElement).click();
      (button as HTMLButtonElement).click();
    });
    await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
    const taps = JSON.parse((await page.evaluate(() => sessionStorage.getItem("asiiko-test-taps"))) ?? "[]");
    expect(taps).toEqual(["sent:Signing in...:true", "held:Signing in...:true"]);
    // The new page's button is ready again.
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  });

  test("the 'Login failed' toast goes after 5 s, or at once with a swipe or its cross, and F8 reaches it", async ({
    page,
  }) => {
    const failOnce = async () => {
      await page.goto("/auth");
      await hydrated(page);
      await page.getByRole("tabpanel").getByLabel("Username").fill(stranger);
      await page.getByRole("tabpanel").getByLabel("Password").fill("not-the-password");
      await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
      const toast = page.locator("[data-toast]");
      await expect(toast).toContainText("Login failed");
      await expect(toast).toContainText("Invalid username or password");
      await hydrated(page);
      return toast;
    };

    // On its own it goes after 5 seconds (waiting up to 12 on a busy machine).
    const first = await failOnce();
    await expect(first).toBeHidden({ timeout: 12_000 });

    // F8 brings the focus to it; a swipe of 50 px to the right dismisses it.
    const second = await failOnce();
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
    const box = (await second.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(second).toBeHidden();

    // A short drag is not a swipe; the cross closes it.
    const third = await failOnce();
    const start = (await third.boundingBox())!;
    await page.mouse.move(start.x + 20, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + 40, start.y + start.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(third).toBeVisible();
    await third.getByRole("button", { name: "Close" }).click();
    await expect(third).toBeHidden();
  });

  test.describe("with JavaScript turned off", () => {
    test.use({ javaScriptEnabled: false });

    test("a farmer still registers through the tab's link, and a wrong password still says why", async ({ page }) => {
      await page.goto("/auth");
      await page.getByRole("tabpanel").getByLabel("Username").fill(stranger);
      await page.getByRole("tabpanel").getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
      await expect(page.getByRole("tabpanel").getByLabel("Username")).toHaveValue(stranger);

      const username = `nojs_${randomBytes(4).toString("hex")}`;
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/auth\?tab=register$/);
      await page.getByLabel("First name").fill("Kemi");
      await page.getByLabel("Last name").fill("Ade");
      await page.getByRole("tabpanel").getByLabel("Username").fill(username);
      await page.getByRole("tabpanel").getByLabel("Password").fill("kemi-password-2026");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Welcome, Kemi!" })).toBeVisible();
      await page.context().clearCookies();
    });
  });
});

withUser(
  "reached from a page of the app, the sign-in page runs in the app: tabs, checks as you type, the toast",
  async ({ page, user }) => {
    void user;
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await page.getByRole("link", { name: "Sign In to Start Farming" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // Still the app: no new document was loaded.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await page.getByRole("tabpanel").getByLabel("Username").fill("ab");
    await page.getByRole("tabpanel").getByLabel("Username").blur();
    await expect(page.getByText("Username must be 3-50 characters")).toBeVisible();
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByRole("tabpanel").getByLabel("Username").fill(stranger);
    await page.getByRole("tabpanel").getByLabel("Password").fill("not-the-password");
    await page.getByRole("tabpanel").getByLabel("Password").press("Enter");
    await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  },
);
