import { randomUUID } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { expect, hydrated, test, withDatabase } from "./fixtures";
import { answerVoice, standInRecognition, voiceLog, type VoiceLog } from "./speech-stand-in";

// The floating voice widget, with the browser's speech recognition replaced by a
// stand-in that answers what the test tells it to (speech-stand-in.ts).

async function useLanguage(context: BrowserContext, baseURL: string | undefined, language: string) {
  await context.addCookies([{ name: "asiiko-lang", value: language, url: baseURL! }]);
}

test("a Hausa phrase, as an English recogniser writes it, opens the marketplace about 1 second later", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  void user;
  await useLanguage(context, baseURL, "ha");
  await standInRecognition(context, { transcripts: ["Bude kasuwa"] });
  await page.goto("/dashboard");
  await hydrated(page);
  // Nothing listens (and no microphone prompt shows) until the farmer presses the button.
  expect((await voiceLog(page)).started).toEqual([]);

  await page.getByRole("button", { name: "Umarnin murya" }).click();
  const panel = page.getByTestId("voice-panel");
  await expect(panel).toContainText("An ji: “Bude kasuwa”");
  await expect(panel).toContainText("Ana buɗe Kasuwa…");
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const log = await voiceLog(page);
  // Hausa is heard by the en-US recogniser, one phrase at a time, final results only.
  expect(log.started).toEqual([{ lang: "en-US", continuous: false, interimResults: false }]);
  expect(log.resultAt).not.toBeNull();
  expect(log.navigatedAt! - log.resultAt!).toBeGreaterThanOrEqual(950);
  await expect(panel).toHaveCount(0);
});

test("the French phrase for the analysis reaches /asiiko, heard in fr-FR", async ({ page, context, baseURL, user }) => {
  void user;
  await useLanguage(context, baseURL, "fr");
  await standInRecognition(context, { transcripts: ["lancer l'analyse"] });
  await page.goto("/marketplace");
  await hydrated(page);
  await page.getByRole("button", { name: "Commandes vocales" }).click();
  await expect(page.getByTestId("voice-panel")).toContainText("Ouverture de Asiiko AI…");
  await expect(page).toHaveURL(/\/asiiko$/);
  expect((await voiceLog(page)).started).toEqual([{ lang: "fr-FR", continuous: false, interimResults: false }]);
});

test("an English phrase works in Yoruba, from the recogniser's second guess", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  void user;
  await useLanguage(context, baseURL, "yo");
  await standInRecognition(context, { transcripts: ["mat my far", "map my farm"] });
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Àṣẹ ohùn" }).click();
  await expect(page).toHaveURL(/\/mapping$/);
});

test("a phrase that is not a command says so and lists what can be said; nothing moves", async ({
  page,
  context,
  user,
}) => {
  void user;
  await standInRecognition(context, { transcripts: ["what is the price of yam"] });
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Voice commands" }).click();
  const panel = page.getByTestId("voice-panel");
  await expect(panel).toContainText("Heard: “what is the price of yam”");
  await expect(panel).toContainText("That is not a command I know.");
  await expect(panel.getByTestId("voice-commands").getByRole("listitem")).toHaveText([
    "“go home”→ Dashboard",
    "“open marketplace”→ Marketplace",
    "“start analysis”→ Asiiko AI",
    "“map my farm”→ Farm Mapping",
  ]);
  await page.getByRole("button", { name: "Close" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a cancelled command does not navigate", async ({ page, context, user }) => {
  void user;
  await standInRecognition(context, { transcripts: ["open marketplace"] });
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Voice commands" }).click();
  await expect(page.getByTestId("voice-panel")).toContainText("Opening Marketplace…");
  await page.getByTestId("voice-panel").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("voice-panel")).toHaveCount(0);
  // The navigation was due 1 s after the result: wait past it, as a farmer would, on the page itself.
  await page.waitForFunction(() => {
    const log = (window as unknown as { __voice: VoiceLog }).__voice;
    return log.resultAt !== null && performance.now() - log.resultAt > 2000;
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await voiceLog(page)).navigatedAt).toBeNull();
});

test("Stop listening cancels: what the recogniser reports afterwards is not acted on", async ({
  page,
  context,
  user,
}) => {
  void user;
  await standInRecognition(context);
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Voice commands" }).click();
  await expect(page.getByTestId("voice-panel")).toContainText("Listening…");
  await page.getByRole("button", { name: "Stop listening" }).click();
  await expect(page.getByTestId("voice-panel")).toHaveCount(0);
  await answerVoice(page, "open marketplace");
  // Past the moment a command heard then would have led away, measured on the page.
  const answeredAt = await page.evaluate(() => performance.now());
  await page.waitForFunction((since) => performance.now() - since > 2000, answeredAt);
  await expect(page.getByRole("button", { name: "Voice commands" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("voice-panel")).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a refused microphone is explained and listening stops", async ({ page, context, user }) => {
  void user;
  await standInRecognition(context, { error: "not-allowed" });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: "Voice commands" }).click();
  await expect(page.getByTestId("voice-panel")).toContainText("The microphone is blocked.");
  await expect(page.getByRole("button", { name: "Voice commands" })).toHaveAttribute("aria-pressed", "false");
  expect(warnings.join("\n")).toContain("Voice recognition error not-allowed");
});

test("a browser without speech recognition says voice commands are not supported", async ({ page, context, user }) => {
  void user;
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, "SpeechRecognition");
    Reflect.deleteProperty(window, "webkitSpeechRecognition");
  });
  await page.goto("/dashboard");
  await hydrated(page);
  const button = page.getByTestId("voice-button");
  await expect(button).toHaveAttribute("aria-label", "Voice commands not supported in this browser");
  await button.click();
  await expect(page.getByTestId("voice-panel")).toHaveText("Voice commands not supported in this browser");
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the voice button covers no control at the end of a page, stays over the menu overlay, rises above a toast, and steps aside for a dialog", async ({
    page,
    user,
  }) => {
    void user;
    for (const path of ["/dashboard", "/marketplace", "/my-listings", "/asiiko", "/settings", "/mapping"]) {
      await page.goto(path);
      await hydrated(page);
      // At the very end of the page, once it has settled: a part that arrives after the first
      // scroll (a card's data) makes the page longer, and the end is further down.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              const widget = document.querySelector("[data-testid=voice-button]")!.getBoundingClientRect();
              const controls = [
                ...document.querySelectorAll(
                  "main a, main button, main input, main select, main textarea, footer a, footer button, footer input",
                ),
              ];
              return controls
                .filter((control) => {
                  const box = control.getBoundingClientRect();
                  if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === "hidden")
                    return false;
                  return (
                    box.left < widget.right &&
                    box.right > widget.left &&
                    box.top < widget.bottom &&
                    box.bottom > widget.top
                  );
                })
                .map((control) => control.outerHTML.slice(0, 120));
            }),
          { message: path },
        )
        .toEqual([]);
    }

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByTestId("sidebar-overlay")).toBeVisible();
    await expect(page.getByTestId("voice-button")).toBeVisible();
    const onTop = await page.evaluate(() => {
      const box = document.querySelector("[data-testid=voice-button]")!.getBoundingClientRect();
      return (
        document
          .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          ?.closest("[data-testid=voice-button]") !== null
      );
    });
    expect(onTop).toBe(true);
    await page.getByTestId("sidebar-overlay").click({ position: { x: 340, y: 300 } });

    // A subscriber: creating a farm asks nothing more, and says so in a toast.
    await withDatabase((client) =>
      client.query(
        `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
         VALUES ($1, $2, 'sandbox', 'active', $3, 15000, now(), now() + interval '30 days', now())`,
        [`e2e_sub_${randomUUID()}`, user.id, `e2e_sandbox_${randomUUID()}`],
      ),
    );
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Create Farm" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("voice-button")).toBeHidden();
    await dialog.getByLabel("Farm Name").fill("Voice Farm");
    await dialog.getByRole("button", { name: "Create Farm" }).click();
    await expect(dialog).toHaveCount(0);
    // The toast keeps its place at the bottom; the button rises above it, and comes back down after.
    const toast = page.locator("[data-toast-viewport] > li").filter({ hasText: "Farm created successfully!" });
    await expect(toast).toBeVisible();
    await expect(async () => {
      const button = (await page.getByTestId("voice-button").boundingBox())!;
      const shown = (await toast.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(shown.y);
    }).toPass();
    await toast.getByRole("button", { name: "Close" }).click();
    await expect(toast).toHaveCount(0);
    await expect(async () => {
      const button = (await page.getByTestId("voice-button").boundingBox())!;
      expect(button.y + button.height).toBeGreaterThan(740 - 20);
    }).toPass();

    // With the map in view under a dialog, nothing of the map (its controls, its notices) shows over the dialog.
    await expect(page.locator(".leaflet-container")).toBeVisible();
    const addPlot = page.getByRole("button", { name: "Add New Plot" });
    await addPlot.scrollIntoViewIfNeeded();
    await addPlot.click();
    await expect(dialog).toBeVisible();
    // Every element takes the pointer for the probe, so the topmost painted one answers, whatever its pointer-events.
    await page.addStyleTag({ content: "* { pointer-events: auto !important; }" });
    const hidden = await dialog.evaluate(
      (sheet) =>
        [...sheet.querySelectorAll("button, input, select, textarea")].filter((control) => {
          const box = control.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && !sheet.contains(top);
        }).length,
    );
    expect(hidden).toBe(0);
  });
});
