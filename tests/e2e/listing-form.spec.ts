import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test, withDatabase } from "./fixtures";

// The listing form (app/components/listings/listing-form.tsx): a product from
// the catalogue, or deliberately 'Something not in the list' with a title of
// the seller's own; and the premium card after the location.

async function openCreateForm(page: Page) {
  await page.goto("/my-listings");
  await hydrated(page);
  await page.getByRole("button", { name: "Create Listing" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Listing" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the form refuses to save without a product, and a custom listing without a title; a titled one is saved and named by its title", async ({
  page,
  user,
}) => {
  void user;
  const dialog = await openCreateForm(page);
  await expect(dialog.getByLabel("Product", { exact: true })).toHaveValue("");
  await dialog.getByLabel("Price (NGN)").fill("1500");
  await dialog.getByLabel("Product Images").fill("/images/products/bitter-leaf.svg");
  await dialog.getByLabel("Product Images").press("Enter");
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog.getByText("Product selection is required")).toBeVisible();
  await expect(dialog).toBeVisible();

  // 'Something not in the list': the product gives way to a title, which is then required.
  await dialog.getByLabel("Something not in the list").check();
  await expect(dialog.getByLabel("Product", { exact: true })).toHaveCount(0);
  const title = dialog.getByLabel("What are you selling?");
  await expect(title).toBeVisible();
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog.getByText("Give what you sell a short title (2 to 80 characters)")).toBeVisible();
  await expect(dialog).toBeVisible();

  const name = `Fresh ugu leaves ${randomBytes(3).toString("hex")}`;
  await title.fill(`  ${name}  `);
  await expect(dialog.getByText("Give what you sell a short title (2 to 80 characters)")).toBeHidden();
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Listing created", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name })).toBeVisible();

  // Found by its title in My Listings' search, and reopened with the title in the form.
  await page.getByPlaceholder("Search your listings...").fill(name.split(" ").at(-1)!);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("article", { name }).getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Listing" });
  await expect(edit.getByLabel("Something not in the list")).toBeChecked();
  await expect(edit.getByLabel("What are you selling?")).toHaveValue(name);
});

test("without premium access the upsell card comes after the location field", async ({ page, user }) => {
  // The trial's one free use is spent: the form offers the upsell instead of the price suggestion.
  await withDatabase((client) =>
    client.query(`UPDATE "User" SET "firstPremiumUseAt" = now() WHERE id = $1`, [user.id]),
  );
  const dialog = await openCreateForm(page);
  const location = dialog.getByText("Location (Optional)", { exact: true });
  const upsell = dialog.getByText("Sell faster with Premium");
  const condition = dialog.getByLabel("Condition");
  await expect(upsell).toBeVisible();
  const follows = async (first: Locator, second: Locator) => {
    const later = await second.elementHandle();
    return first.evaluate(
      (a, b) => b !== null && Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING),
      later,
    );
  };
  expect(await follows(location, upsell)).toBe(true);
  expect(await follows(condition, upsell)).toBe(true);
  expect(await follows(dialog.getByLabel("Product Images"), upsell)).toBe(true);
});
