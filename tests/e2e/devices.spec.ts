import { expect, test, type APIRequestContext } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { createUser, hydrated, mintSession, signIn, withDatabase } from "./fixtures";

// A farmer's signed-in devices on Settings, on a small phone: each device by its browser and
// system, this one marked, and another one signed out from here, which really ends it.

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const OPERA_MINI =
  "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54";

test.use({ viewport: { width: 360, height: 780 }, userAgent: ANDROID });

/** What /api/user answers a browser that carries this session cookie. */
async function statusWith(request: APIRequestContext, cookie: string) {
  const answer = await request.get("/api/user", { headers: { Cookie: `${SESSION_COOKIE_NAME}=${cookie}` } });
  return answer.status();
}

test("a farmer sees their devices on Settings at 360 px and signs another device out", async ({
  page,
  baseURL,
  request,
}) => {
  const user = await createUser({ firstName: "Ngozi", lastName: "Eze" });
  try {
    await signIn(page, user, baseURL!, ANDROID);
    const iphone = await mintSession(user, { userAgent: IPHONE, hoursAgo: 30 });
    const featurePhone = await mintSession(user, { userAgent: OPERA_MINI, hoursAgo: 50 });
    expect(await statusWith(request, iphone)).toBe(200);

    // Profile, where the password is changed, points to them.
    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("link", { name: "Your signed-in devices are listed in Settings" }).click();
    await expect(page).toHaveURL(/\/settings#devices$/);
    await hydrated(page);
    const devices = page.getByRole("list", { name: "Signed-in devices" });
    const rows = devices.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    // This phone first, then the others, the most recently seen first.
    await expect(rows.nth(0)).toContainText("Chrome on Android");
    await expect(rows.nth(0)).toContainText("This device");
    await expect(rows.nth(0).getByRole("button")).toHaveCount(0);
    await expect(rows.nth(1)).toContainText("Safari on iPhone");
    await expect(rows.nth(1)).toContainText("Signed in");
    await expect(rows.nth(1)).toContainText("Last seen");
    await expect(rows.nth(2)).toContainText("Opera Mini");
    await expect(rows.nth(2)).not.toContainText("This device");
    // Nothing runs off a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await rows.nth(2).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screens/settings-devices-360.png", fullPage: true });

    await page.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
    await expect(page.getByText("That device is signed out")).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(devices).not.toContainText("Safari on iPhone");
    // The iPhone's cookie lets nobody in any more; the feature phone's still does.
    expect(await statusWith(request, iphone)).toBe(401);
    expect(await statusWith(request, featurePhone)).toBe(200);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Your other devices are signed out")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText("This device");
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    expect(await statusWith(request, featurePhone)).toBe(401);

    // This phone stays signed in.
    await page.reload();
    await hydrated(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText("Chrome on Android");
  } finally {
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  }
});
