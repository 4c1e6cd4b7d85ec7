import {
  HELD_MODULE_PRELOAD,
  HELD_MODULE_SCRIPT,
  HELD_MODULE_SCRIPT_TYPE,
  MODULE_SCRIPT,
  PRELOADS_PER_TASK,
  RELEASE_AFTER_PAINT_SCRIPT,
} from "~/components/shell/paint-first";
import { expect, hydrated, test } from "./fixtures";

// A page of the app paints from the server's HTML before the browser fetches the app's modules
// (app/components/shell/paint-first.ts): the server sends Remix's module preloads under a name the
// browser ignores, and Remix's module script (the route modules and the app's start) under a type it
// does not run; a small script gives them back their names once the first paint is reported.

test("the marketplace is sent with its module preloads and module script held, and the app still takes the page over", async ({
  page,
  user,
}) => {
  void user;
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  const html = await (await page.request.get("/marketplace")).text();
  const held = html.match(/<link rel="x-modulepreload" href="\/assets\/[^"]+\.js"/g) ?? [];
  // The entry, React and the page's own modules: many links, none under the fetching name.
  expect(held.length).toBeGreaterThan(10);
  expect(html).not.toMatch(/rel="modulepreload"/);
  // Remix's one module script, held: nothing of the app runs before the page has painted.
  expect(html.split(HELD_MODULE_SCRIPT)).toHaveLength(2);
  expect(html).not.toContain(MODULE_SCRIPT);
  expect(html).toContain(RELEASE_AFTER_PAINT_SCRIPT);

  await page.goto("/marketplace");
  await hydrated(page);
  await expect(page.locator("article.listing-card").first()).toBeVisible();
  // Every held link was given back its name (or left with the server's markup once the app ran).
  expect(await page.locator(`link[${HELD_MODULE_PRELOAD}]`).count()).toBe(0);
  // The module script ran, under the page's content security policy: it named the route modules
  // (and the app took over). None is left held (given back, or gone with Remix's markup).
  expect(
    await page.evaluate(() => Object.keys((window as { __remixRouteModules?: object }).__remixRouteModules ?? {})),
  ).toContain("routes/_app.marketplace");
  expect(await page.locator(`script[${HELD_MODULE_SCRIPT_TYPE}]`).count()).toBe(0);
  expect(errors).toEqual([]);
});

test("the module script runs and the preloads are given back once the first paint is reported, or after a second where none is", async ({
  page,
}) => {
  // More than one task's worth (PRELOADS_PER_TASK): all are given back, a few per task.
  const count = PRELOADS_PER_TASK * 2 + 3;
  const links = Array.from(
    { length: count },
    (_, index) => `<link ${HELD_MODULE_PRELOAD} href="data:text/javascript,${index}">`,
  ).join("");
  const released = Array.from({ length: count }, () => "modulepreload");
  // Stands for Remix's module script: says, each time it runs, how many paints had been reported.
  const startApp = `(window.appStarts ||= []).push(performance.getEntriesByType("paint").length)`;
  const appStarts = () => page.evaluate(() => (window as unknown as { appStarts?: number[] }).appStarts ?? []);
  const rels = () => page.locator("link").evaluateAll((all) => all.map((link) => link.getAttribute("rel")));
  // A page of its own (a real document, with its own paint timing), answered in the browser.
  await page.route("**/paint-first-check", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><body><p>cards</p>${links}<script ${HELD_MODULE_SCRIPT}>${startApp}</script><script>${RELEASE_AFTER_PAINT_SCRIPT}</script></body></html>`,
    }),
  );
  // How many paints the browser had reported each time a link was given back.
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { paintsAtRelease: number[] }).paintsAtRelease = seen;
    const setAttribute = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
      if (name === "rel" && value === "modulepreload") seen.push(performance.getEntriesByType("paint").length);
      setAttribute.call(this, name, value);
    };
  });

  await page.goto("/paint-first-check");
  await expect.poll(rels).toEqual(released);
  const paints = await page.evaluate(() => (window as unknown as { paintsAtRelease: number[] }).paintsAtRelease);
  expect(paints).toHaveLength(count);
  expect(paints.every((reported) => reported > 0)).toBe(true);
  // Run once, after the paint, and left where it was with its type back.
  await expect.poll(appStarts).toHaveLength(1);
  expect((await appStarts())[0]).toBeGreaterThan(0);
  expect(await page.locator("body > script").first().getAttribute("type")).toBe("module");

  // Where no paint is reported (a tab in the background, a browser without paint timing), the
  // fallback gives them back all the same.
  await page.addInitScript(() => {
    (window as unknown as { PerformanceObserver: undefined }).PerformanceObserver = undefined;
  });
  await page.goto("/paint-first-check");
  await expect.poll(rels).toEqual(released);
  await expect.poll(appStarts).toHaveLength(1);
});
