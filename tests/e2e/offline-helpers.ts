import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

// What the offline browser tests share: My Listings opened with the service worker in charge.

/** Opens My Listings with the worker in charge, and waits until it kept the page and the form's code. */
export async function keepMyListings(page: Page) {
  await page.goto("/my-listings");
  await hydrated(page);
  // The worker starts after the first load: the page it keeps is the next one it serves.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await hydrated(page);
  // The worker fetches the page's on-demand files one after another: wait for every one of
  // them (the list the build wrote into the worker), not only the form's own chunk.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const source = await (await fetch("/sw.js")).text();
          const entry = /"(\/assets\/_app\.my-listings-[^"]+\.js)":(\[[^\]]*\])/.exec(source);
          if (!entry) return "no on-demand list for My Listings in the worker";
          const files = JSON.parse(entry[2]!) as string[];
          if (!files.some((file) => /\/assets\/listing-form-[^/]*\.js$/.test(file)))
            return "no listing form in the list";
          const cache = await caches.open("asiiko-assets-v1");
          const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
          const missing = files.filter((file) => !kept.has(file));
          return missing.length === 0 ? "all kept" : `not yet kept: ${missing.join(", ")}`;
        }),
      { message: "the listing form's code, and all it needs, kept with the page" },
    )
    .toBe("all kept");
}
