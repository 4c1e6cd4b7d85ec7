import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

// A reader who searches faster than a person does (60 searches in a minute, here sent by the
// test) is told so where the results would be, in words, and the rest of the product goes on.

async function searchSixtyTimes(request: APIRequestContext) {
  for (let index = 0; index < 60; index += 1) {
    const answer = await request.get(`/api/search?q=maize${index}&types=product`);
    expect(answer.status()).toBe(200);
  }
}

test("past the search limit the marketplace and the search page say so, and browsing goes on", async ({
  page,
  user: _user,
}) => {
  await searchSixtyTimes(page.request);

  await page.goto("/marketplace?search=cassava");
  await expect(page.getByRole("alert")).toContainText(
    "Too many searches in a short time. Please wait a minute and search again.",
  );
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();

  await page.goto("/search?q=cassava");
  await hydrated(page);
  await expect(page.getByRole("alert")).toHaveText(
    "Error searching: Too many searches in a short time. Please wait a minute and search again.",
  );

  // Browsing without words is not a search.
  await page.goto("/marketplace");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
