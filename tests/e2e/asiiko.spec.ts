import { randomUUID } from "node:crypto";
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import { encodePhoto, eyelidPixels } from "~/modules/analysis/builtin/sample-photos";
import { leafPhoto } from "../support/leaf-photos";
import { expect, hydrated, subscribe, test, withDatabase, toast } from "./fixtures";

// Asiiko AI (/asiiko): a photo sent from each tab, followed to its result, the
// toast and the history; a file that is not a photo; the trial's one free
// analysis and the locked prompt after it; the page at phone and desktop width.
// No provider key is configured here, so the built-in photo screening answers;
// the photos are made in the test (a leaf on soil: healthy, yellowed or spotted).

/** The parts of a multipart body: each field's text, and the file's bytes. */
function readMultipart(request: Request) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers()["content-type"] ?? "");
  const body = request.postDataBuffer();
  if (!boundary || !body) throw new Error("not a multipart request");
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  const files: Record<string, { type: string; bytes: Buffer }> = {};
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]+)"/.exec(headers)?.[1] ?? "";
    const type = /content-type:\s*(\S+)/i.exec(headers)?.[1];
    if (type) files[name] = { type, bytes: content };
    else fields[name] = content.toString("utf8");
    start = next;
  }
  return { prefer: request.headers()["prefer"], fields, files };
}

/** Records every value the progress bar shows, from now on. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        seen.push(Number(bar.getAttribute("aria-valuenow")));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
const resultCard = (page: Page) => page.getByRole("region", { name: "Analysis result" });
const history = (page: Page) => page.locator("[data-history]");

/**
 * A phone photo bigger than what is sent: a leaf for the plant tabs, a goat's eyelid for
 * Livestock (a leaf shows no animal to assess).
 */
async function phonePhoto(run: { tab: string; leaf: "healthy" | "yellowed" | "spotted" }) {
  if (run.tab !== "Livestock") return leafPhoto(run.leaf, { width: 2400, height: 1800 });
  return sharp(await encodePhoto(eyelidPixels("pale")))
    .resize(2400, 1800)
    .jpeg({ quality: 90 })
    .toBuffer();
}

test("a subscriber analyses a photo on each tab: progress, result, toast and history", async ({ page, user }) => {
  test.setTimeout(120_000);
  await subscribe(user);
  await page.goto("/asiiko");
  await hydrated(page);

  // The agent panel: OpenAI active by default, and honest that no assistant is connected here.
  const agents = page.getByRole("group", { name: /AI assistant/ });
  await expect(agents.locator('[data-agent="openai"]')).toContainText("Active");
  await expect(agents.locator('[data-agent="claude"]')).toContainText("Standby");
  await expect(agents.locator('[data-agent="gemini"]')).toContainText("Standby");
  await expect(page.locator("[data-agent-note]")).toContainText(
    "OpenAI is not connected here, so the built-in photo screening will answer.",
  );
  await expect(history(page)).toContainText("No analyses yet");

  // What the page sends, read on its way (the request goes on unchanged).
  const sent: ReturnType<typeof readMultipart>[] = [];
  await page.route("**/api/ai/analyze", async (route) => {
    sent.push(readMultipart(route.request()));
    await route.continue();
  });

  const runs = [
    {
      tab: "Crop Health",
      field: "Crop type",
      name: "Cassava",
      leaf: "healthy",
      agent: null,
      contextJson: { cropType: "Cassava" },
    },
    {
      tab: "Livestock",
      field: "Animal",
      name: "",
      leaf: "yellowed",
      agent: "Gemini",
      contextJson: { livestockType: "Unknown" },
    },
    {
      tab: "Medicine Plants",
      field: "Plant species",
      name: "Moringa",
      leaf: "spotted",
      agent: "Claude",
      contextJson: { plantSpecies: "Moringa" },
    },
  ] as const;
  const types = {
    "Crop Health": "crop_health",
    Livestock: "livestock",
    "Medicine Plants": "traditional_medicine",
  } as const;
  const models = { Gemini: "gemini", Claude: "claude" } as const;

  for (const [index, run] of runs.entries()) {
    if (run.agent) {
      await agents.getByText(run.agent, { exact: true }).click();
      await expect(agents.locator(`[data-agent="${models[run.agent]}"]`)).toContainText("Active");
      await expect(agents.locator('[data-agent="openai"]')).toContainText("Standby");
      await expect(page.locator("[data-agent-note]")).toContainText(`${run.agent} is not connected here`);
    }
    await page.getByRole("tab", { name: run.tab }).click();
    const panel = page.getByRole("tabpanel", { name: run.tab });
    if (run.name) await panel.getByLabel(run.field).fill(run.name);
    await watchProgress(page);
    // A phone photo bigger than what is sent: the page makes it small first.
    await panel.locator('input[data-input="file"]').setInputFiles({
      name: `${run.tab === "Livestock" ? "eyelid" : run.leaf}.jpg`,
      mimeType: "image/jpeg",
      buffer: await phonePhoto(run),
    });

    await expect(
      page.getByRole("progressbar", { name: "Analyzing with Asiiko AI..." }).or(resultCard(page)),
    ).toBeVisible();
    await expect(resultCard(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(resultCard(page).locator("[data-severity]")).toHaveText(/^(LOW|MEDIUM|HIGH) RISK$/);
    await expect(resultCard(page).locator("[data-confidence]")).toHaveText(/^Confidence: \d{1,3}%$/);
    await expect(resultCard(page)).toContainText("Diagnosis");
    await expect(resultCard(page)).toContainText("Treatment");
    await expect(resultCard(page)).toContainText("Recommendations");
    await expect(resultCard(page)).toContainText("Answered by the built-in photo screening");
    await expect(resultCard(page)).toContainText("Confirm with an extension officer or a vet");
    await expect(resultCard(page)).toContainText(run.tab);
    await expect(resultCard(page).getByRole("img", { name: "The photo that was analysed" })).toBeVisible();
    await expect(toast(page, "Analysis Complete")).toContainText("AI analysis has been completed successfully.");

    // The bar never showed less than the spec's 66.
    const values = await progressSeen(page);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toBeGreaterThanOrEqual(66);

    // What was sent: a JPEG of at most 1600 px, the tab's type, the chosen assistant, the context.
    const { prefer, fields, files } = sent[index]!;
    expect(prefer).toBe("respond-async");
    expect(fields.analysisType).toBe(types[run.tab]);
    expect(fields.preferredModel).toBe(run.agent ? models[run.agent] : "openai");
    expect(JSON.parse(fields.additionalContext ?? "{}")).toEqual(run.contextJson);
    expect(files.image?.type).toBe("image/jpeg");
    const sentSize = await sharp(files.image!.bytes).metadata();
    expect([sentSize.width, sentSize.height]).toEqual([1600, 1200]);

    // The entry in the history, newest first.
    const entries = history(page).locator("[data-analysis]");
    await expect(entries).toHaveCount(index + 1);
    await expect(entries.first()).toContainText(run.tab);
    await expect(entries.first().locator("[data-severity]")).toHaveText(/ RISK$/);
    if (run.name) await expect(entries.first()).toContainText(run.name);
    // Its thumbnail is asked for once the analysis has prepared it, and shows.
    await entries.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        entries
          .first()
          .locator("img")
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The file input is cleared afterwards.
    await expect(panel.locator('input[data-input="file"]')).toHaveValue("");
  }

  // Choosing an earlier analysis in the history shows it in the results card.
  await history(page).locator("[data-analysis]").last().click();
  await expect(resultCard(page)).toContainText("Crop Health");
  await expect(resultCard(page)).toContainText("Cassava");
  await expect(history(page).locator("[data-analysis]").last()).toHaveAttribute("aria-current", "true");
  await expect(resultCard(page)).toBeInViewport();
});

test("a file that is not a photo is refused in the tab, with the 'Analysis Failed' toast, and nothing is sent", async ({
  page,
  user: _user,
}) => {
  await page.goto("/asiiko");
  await hydrated(page);
  let sent = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/ai/analyze") sent += 1;
  });
  await page.getByRole("tab", { name: "Livestock" }).click();
  const panel = page.getByRole("tabpanel", { name: "Livestock" });
  await panel
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("my goat coughs") });
  await expect(panel.getByRole("alert")).toHaveText(
    "This file is not a photo. Choose a photo of the crop, animal or plant.",
  );
  await expect(toast(page, "Analysis Failed")).toContainText("This file is not a photo.");
  // A trial user is not asked to spend the trial on it, and keeps it.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(panel.locator('input[data-input="file"]')).toHaveValue("");
  expect(sent).toBe(0);
  // The other tabs have no red box.
  await page.getByRole("tab", { name: "Crop Health" }).click();
  await expect(page.getByRole("tabpanel", { name: "Crop Health" }).getByRole("alert")).toHaveCount(0);

  // The toast in the app: F8 reaches it, and a swipe of 50 px to the right dismisses it.
  await page.getByRole("tab", { name: "Livestock" }).click();
  await page
    .getByRole("tabpanel", { name: "Livestock" })
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("again") });
  const failed = toast(page, "Analysis Failed");
  await expect(failed).toBeVisible();
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: /^Notifications/ })).toBeFocused();
  const box = (await failed.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(failed).toHaveCount(0);
});

test("the analysis tabs follow the arrow keys, Home and End, with one tab stop", async ({ page, user: _user }) => {
  await page.goto("/asiiko");
  await hydrated(page);
  const crop = page.getByRole("tab", { name: "Crop Health" });
  await expect(crop).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Livestock" })).toHaveAttribute("tabindex", "-1");
  await crop.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Livestock" })).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Livestock" })).toBeVisible();
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Medicine Plants" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(crop).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Crop Health" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Medicine Plants" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(crop).toHaveAttribute("aria-selected", "true");
});

test("when the progress stream is blocked, the page asks for the analysis until its result", async ({ page, user }) => {
  await subscribe(user);
  await page.route("**/api/ai/analyses/*/events", (route) => route.abort());
  await page.goto("/asiiko");
  await hydrated(page);
  await page
    .getByRole("tabpanel", { name: "Crop Health" })
    .locator('input[data-input="file"]')
    .setInputFiles({
      name: "leaf.jpg",
      mimeType: "image/jpeg",
      buffer: await leafPhoto("spotted"),
    });
  await expect(resultCard(page).locator("[data-severity]")).toHaveText(/ RISK$/, { timeout: 30_000 });
  await expect(toast(page, "Analysis Complete")).toBeVisible();
});

test("a spent trial shows the locked prompt over the blurred tabs, and the history stays", async ({ page, user }) => {
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  await page.goto("/asiiko");
  const locked = page.getByRole("region", { name: "Premium feature" });
  await expect(locked).toContainText("Upgrade to Premium to use Asiiko AI.");
  await expect(locked).toContainText("Premium features used - upgrade to continue");
  await expect(locked.getByRole("button", { name: "Upgrade to Premium" })).toBeVisible();
  // The tabs are only a blurred picture: nothing in them can be reached.
  await expect(page.locator("[data-premium-gate] > [aria-hidden=true]")).toContainText("Choose File");
  await expect(page.getByRole("button", { name: "Choose File" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Livestock" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your analyses" })).toBeVisible();
  await expect(history(page)).toContainText("No analyses yet");
});

test("a trial user's first analysis ends the trial; the history keeps it", async ({ page, user: _user }) => {
  test.setTimeout(60_000);
  await page.goto("/asiiko");
  await hydrated(page);
  const panel = page.getByRole("tabpanel", { name: "Crop Health" });
  await expect(panel).toContainText("Your first analysis uses your free trial.");
  await panel.getByLabel("Crop type").fill("Maize");
  await panel
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: await leafPhoto("yellowed") });
  // Spending the trial is confirmed first, as for the other premium tools.
  const confirm = page.getByRole("dialog", { name: "Use your free trial?" });
  await confirm.getByRole("button", { name: "Yes, use my trial" }).click();
  await expect(resultCard(page).locator("[data-severity]")).toHaveText(/ RISK$/, { timeout: 30_000 });
  await expect(toast(page, "Analysis Complete")).toBeVisible();
  // The page learns the trial is over: the tabs lock, the result just paid for stays.
  await expect(page.getByRole("region", { name: "Premium feature" })).toBeVisible();
  await expect(resultCard(page)).toContainText("Maize");

  await page.reload();
  await expect(page.getByRole("region", { name: "Premium feature" })).toContainText(
    "Premium features used - upgrade to continue",
  );
  await expect(resultCard(page)).toHaveCount(0);
  const entry = history(page).locator("[data-analysis]");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Crop Health");
  await expect(entry).toContainText("Maize");
  await hydrated(page);
  await entry.click();
  await expect(resultCard(page).locator("[data-severity]")).toHaveText(/ RISK$/);
  await expect(resultCard(page)).toContainText("Maize");
});

test("a second analysis while the trial's free one runs on another phone is refused in words, and the page says the free one is running", async ({
  page,
  user,
}) => {
  await page.goto("/asiiko");
  await hydrated(page);
  // Meanwhile the farmer's other phone sent the free analysis: it holds the trial until it ends.
  const running = `e2e_held_${randomUUID().slice(0, 8)}`;
  await withDatabase(async (client) => {
    await client.query(
      `INSERT INTO "Analysis" (id, "userId", "analysisType", "preferredModel", "additionalContext", "onTrial", "deadlineAt")
       VALUES ($1, $2, 'crop_health', 'openai', '{"cropType": "Okra"}', true, now() + interval '2 minutes')`,
      [running, user.id],
    );
    await client.query(
      `UPDATE "User" SET "firstPremiumUseAt" = now(), "trialHeldFor" = $1, "trialHeldUntil" = now() + interval '2 minutes'
       WHERE id = $2`,
      [running, user.id],
    );
  });

  // This page still thinks the trial is free: the farmer confirms, and the server refuses, saying why.
  await page
    .getByRole("tabpanel", { name: "Crop Health" })
    .locator('input[data-input="file"]')
    .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: await leafPhoto("healthy") });
  await page
    .getByRole("dialog", { name: "Use your free trial?" })
    .getByRole("button", { name: "Yes, use my trial" })
    .click();
  await expect(toast(page, "Analysis Failed")).toContainText(
    "403: Your free trial is in use by an analysis that is still running. If it does not succeed, your trial comes back.",
  );
  // The page learns the trial is taken: the tools lock, saying the free analysis is running, which the history shows.
  const locked = page.getByRole("region", { name: "Premium feature" });
  await expect(locked).toContainText("Your free analysis is running: its result will appear in Your analyses.");
  const entry = history(page).locator("[data-analysis]");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Okra");
  await expect(entry).toContainText("In progress");
  await page.reload();
  await expect(locked).toContainText("If it does not succeed, your free trial comes back.");
  const analyses = await withDatabase((client) =>
    client.query(`SELECT id FROM "Analysis" WHERE "userId" = $1`, [user.id]),
  );
  expect(analyses.rows).toEqual([{ id: running }]);
});

test("the history pages with Load more, and a missing thumbnail shows an icon", async ({ page, user }) => {
  // Twelve finished analyses written straight into the database (no photo kept).
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Analysis" (id, "userId", "analysisType", "preferredModel", "answeredBy", "additionalContext", status, stage, progress,
         severity, confidence, diagnosis, treatment, recommendations, "deadlineAt", "createdAt", "completedAt")
       SELECT 'e2e_an_' || $2 || '_' || n, $1, 'crop_health', 'openai', 'builtin', jsonb_build_object('cropType', 'Yam ' || n), 'completed', 'done', 100,
         'low', 80, 'Healthy leaves', 'None needed', ARRAY['Keep weeding'], now(), now() - n * interval '1 hour', now() - n * interval '1 hour'
       FROM generate_series(1, 12) AS n`,
      [user.id, randomUUID().slice(0, 8)],
    ),
  );
  await page.goto("/asiiko");
  await hydrated(page);
  const entries = history(page).locator("[data-analysis]");
  await expect(entries).toHaveCount(10);
  await expect(entries.first()).toContainText("Yam 1");
  await history(page).getByRole("button", { name: "Load more" }).click();
  await expect(entries).toHaveCount(12);
  await expect(entries.last()).toContainText("Yam 12");
  await expect(history(page).getByRole("button", { name: "Load more" })).toHaveCount(0);
  // No photo behind these: each thumbnail falls back to the icon.
  await expect(history(page).locator("img")).toHaveCount(0);
});

test("the page looks right at 360 and 1280 px, light and dark, idle, with a result and locked", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  test.setTimeout(120_000);
  await subscribe(user);
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/asiiko");
      await hydrated(page);
      await expect(page.getByRole("tab", { name: "Crop Health" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/asiiko-idle-${width}-${theme}.png`, fullPage: true });

      await page.getByRole("tabpanel", { name: "Crop Health" }).getByLabel("Crop type").fill("Cassava");
      await page
        .getByRole("tabpanel", { name: "Crop Health" })
        .locator('input[data-input="file"]')
        .setInputFiles({ name: "leaf.jpg", mimeType: "image/jpeg", buffer: await leafPhoto("spotted") });
      await expect(resultCard(page).locator("[data-severity]")).toHaveText(/ RISK$/, { timeout: 30_000 });
      await expect(resultCard(page).getByRole("img")).toBeVisible();
      // The history's thumbnails load lazily: brought into view first, so the picture shows them.
      const newest = history(page).locator("[data-analysis] img").first();
      await newest.scrollIntoViewIfNeeded();
      await expect
        .poll(() => newest.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/asiiko-result-${width}-${theme}.png`, fullPage: true });
    }
  }
  // Locked, with a history to keep.
  await withDatabase((client) => client.query(`DELETE FROM "Subscription" WHERE "userId" = $1`, [user.id]));
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/asiiko");
      await expect(page.getByRole("region", { name: "Premium feature" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/asiiko-locked-${width}-${theme}.png`, fullPage: true });
    }
  }
});
