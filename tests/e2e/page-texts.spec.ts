import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type English from "~/locales/en.json";
import { expect, hydrated, test } from "./fixtures";

const texts = (language: string) => JSON.parse(readFileSync(`app/locales/${language}.json`, "utf8")) as typeof English;
const en = texts("en");
const ha = texts("ha");
const yo = texts("yo");

// The texts only a few pages say (the map's, the photo analysis', the dashboard's...) are not in
// every page's JavaScript: they come with their pages (app/locales/page-texts.ts). Whatever way a
// reader reaches such a page, it says its texts, never their names, in the reader's language.

/** Texts shown by their names ("mapping.title"): a group that was not there when the page rendered. */
async function namesShown(page: Page): Promise<string[]> {
  const text = await page.locator("body").innerText();
  // Not an address (hello@asiiko.ng, www.asiiko.ng): a key's part after the dot is a word of three letters or more.
  return text.match(/(?<![@/.\w])(?:mapping|asiiko|dashboard|landing|legal|accountData|phoneSim)\.[a-zA-Z]{3,}/g) ?? [];
}

/** What the browser said went wrong: a first render unlike the server's among it. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // Map tiles come from outside, which the test machine cannot reach: not what is looked for here.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("a page reached by a link says its own texts, which the page before did not carry", async ({ page, user }) => {
  void user;
  const errors = errorsOf(page);
  const textFiles: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/(en|fr|ha|ig|yo)-[\w-]+\.js$/.test(request.url())) textFiles.push(request.url());
  });
  await page.goto("/marketplace");
  await hydrated(page);
  const beforeMapping = textFiles.length;

  await page.getByRole("navigation").getByRole("link", { name: en.nav.mapping }).first().click();
  await expect(page).toHaveURL(/\/mapping$/);
  await expect(page.getByRole("heading", { name: en.mapping.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: en.mapping.createFarm }).first()).toBeVisible();
  expect(await namesShown(page)).toEqual([]);
  // The map's texts came now, as a file of their own.
  expect(textFiles.length).toBeGreaterThan(beforeMapping);

  await page.getByRole("navigation").getByRole("link", { name: en.nav.asiiko }).first().click();
  await expect(page).toHaveURL(/\/asiiko$/);
  await expect(page.getByRole("tab").first()).toBeVisible();
  expect(await namesShown(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("a page opened in Hausa says its own texts in Hausa from the server's first render on", async ({
  page,
  context,
  baseURL,
  user,
}) => {
  void user;
  const errors = errorsOf(page);
  await context.addCookies([{ name: "asiiko-lang", value: "ha", url: baseURL! }]);
  const response = await page.goto("/mapping");
  expect(await response!.text()).toContain(ha.mapping.title);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: ha.mapping.title, level: 1 })).toBeVisible();
  expect(await namesShown(page)).toEqual([]);
  // No first render unlike the server's (React says so in the console).
  expect(errors).toEqual([]);
});

test("a change of language on such a page brings its texts in the new language", async ({ page, user }) => {
  void user;
  await page.goto("/mapping");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: en.mapping.title, level: 1 })).toBeVisible();
  await page.getByLabel("Language", { exact: true }).click();
  await page.locator("form[data-language-form]").getByRole("button", { name: "Yoruba" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "yo");
  await expect(page.getByRole("heading", { name: yo.mapping.title, level: 1 })).toBeVisible();
  expect(await namesShown(page)).toEqual([]);
});
