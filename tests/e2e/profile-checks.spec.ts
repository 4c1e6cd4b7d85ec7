import type { Page, Request } from "@playwright/test";
import { expect, hydrated, test, withDatabase } from "./fixtures";

// The Profile's forms are checked in the browser with zod, which comes with the first use of a
// form (app/lib/use-checks-on-use.ts), not with the page. A form sent before it is there waits for
// it; where it cannot come, the server checks.

const CHECKS = /\/assets\/profile-checks-[\w-]+\.js$/;

/** The requests for the checks' module, as they are made. */
function checksRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (CHECKS.test(request.url())) seen.push(request);
  });
  return seen;
}

test("the checks come when a form is first used, and then check a field as it is left", async ({ page, user }) => {
  void user;
  const requests = checksRequests(page);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  await page.goto("/profile");
  await hydrated(page);
  // Everything the page asked for on opening has come: the checks were not among it.
  await page.waitForLoadState("networkidle");
  expect(requests).toHaveLength(0);

  const firstName = page.getByLabel("First name");
  const loaded = page.waitForResponse((response) => CHECKS.test(response.url()));
  await firstName.focus();
  await loaded;
  await firstName.fill("");
  await firstName.blur();
  // Checked in the browser, nothing sent: the message under the field, the page where it was.
  await expect(page.getByText("First name is required")).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(sent).toEqual([]);
});

test.describe("without the service worker (whose fetches a page's routes cannot stop)", () => {
  test.use({ serviceWorkers: "block" });

  /** Opens Profile with its checks held until `letThrough`; `log` says in which order they came and forms were sent. */
  async function slowChecks(page: Page) {
    const log: string[] = [];
    let letThrough!: () => void;
    const slow = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(CHECKS, async (route) => {
      await slow;
      log.push("checks");
      await route.continue();
    });
    page.on("request", (request) => {
      if (request.method() === "POST") log.push(`POST ${new URL(request.url()).pathname}`);
    });
    const asked = page.waitForRequest(CHECKS);
    await page.goto("/profile");
    await hydrated(page);
    return { log, letThrough, asked };
  }

  /** Said saved, and the field holds `value` when the page is read again. */
  async function expectSaved(page: Page, label: string, value: string) {
    await expect(page.getByText("Your details are saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(label)).toHaveValue(value);
  }

  /** Two of the page's frames: a submission not held would have left by then. */
  const twoFrames = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  test("a form sent before its checks came waits for them, is checked in the browser, and is sent once when right", async ({
    page,
    user,
  }) => {
    void user;
    const { log, letThrough, asked } = await slowChecks(page);
    const firstName = page.getByLabel("First name");
    await firstName.fill("");
    await asked;
    await firstName.press("Enter");
    await twoFrames(page);
    letThrough();
    // Checked in the browser once the checks came: nothing went to the server.
    await expect(page.getByText("First name is required")).toBeVisible();
    expect(log).toEqual(["checks"]);

    // Right this time: sent once, saved.
    await firstName.fill("Ngozi");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectSaved(page, "First name", "Ngozi");
    expect(log.filter((entry) => entry.startsWith("POST"))).toHaveLength(1);
  });

  test("a right form sent before its checks came is sent once they are here, with the button pressed", async ({
    page,
    user,
  }) => {
    void user;
    const { log, letThrough, asked } = await slowChecks(page);
    await page.getByLabel("Last name").fill("Eze");
    await asked;
    await page.getByRole("button", { name: "Save changes" }).click();
    await twoFrames(page);
    letThrough();
    await expectSaved(page, "Last name", "Eze");
    expect(log).toEqual(["checks", expect.stringMatching(/^POST \/profile(\.data)?$/)]);
  });

  test("a form of buttons alone does not wait for the checks: removing the number goes at once", async ({
    page,
    user,
  }) => {
    await withDatabase((client) =>
      client.query(`UPDATE "User" SET phone = '+2348031234567', "phoneVerifiedAt" = now() WHERE id = $1`, [user.id]),
    );
    // The checks are on their way and never come in this test.
    const { log } = await slowChecks(page);
    await page.getByLabel("First name").focus();
    await page.getByRole("button", { name: "Remove number" }).click();
    await expect(page.getByTestId("profile-phone")).toHaveCount(0);
    expect(log).toEqual([expect.stringMatching(/^POST \/profile(\.data)?$/)]);
  });

  test("a form sent when its checks cannot come is checked by the server, with the same message", async ({
    page,
    user,
  }) => {
    void user;
    // The checks never arrive (the connection dropped as they were asked for).
    await page.route(CHECKS, (route) => route.abort("connectionfailed"));
    await page.goto("/profile");
    await hydrated(page);
    const firstName = page.getByLabel("First name");
    await firstName.fill("");
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && /^\/profile(\.data)?$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole("button", { name: "Save changes" }).click();
    await answered;
    await expect(page.getByText("First name is required")).toBeVisible();
    // The name kept on the server is the one the account had.
    await page.reload();
    await expect(page.getByLabel("First name")).not.toHaveValue("");
  });
});
