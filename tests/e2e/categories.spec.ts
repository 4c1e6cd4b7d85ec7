import { expect, expectResults, hydrated, test } from "./fixtures";

// The marketplace's categories: the six quick buttons, then '+6 more', which opens
// the filter panel offering all twelve (Dairy, Spices, Root Vegetables, Legumes too).

const ALL_CATEGORIES = [
  "Grains & Cereals",
  "Fruits & Vegetables",
  "Livestock & Poultry",
  "Farm Equipment",
  "Seeds & Fertilizers",
  "Traditional Medicine",
  "Processed Foods",
  "Farm Services",
  "Dairy Products",
  "Spices & Herbs",
  "Root Vegetables",
  "Legumes & Pulses",
];

test("Dairy can be filtered on through '+6 more': the panel offers all twelve categories and the results are dairy only", async ({
  page,
  user,
}) => {
  void user;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/marketplace");
  await hydrated(page);
  await expect(page.getByRole("article").first()).toBeVisible();

  // Six quick buttons, then the button that opens the rest.
  const quickRow = page.getByRole("button", { name: "+6 more" }).locator("..");
  await expect(quickRow.locator("button[aria-pressed]")).toHaveCount(6);
  await page.getByRole("button", { name: "+6 more" }).click();

  const panel = page.getByRole("region", { name: "Filters" });
  await expect(panel).toBeVisible();
  for (const category of ALL_CATEGORIES) {
    await expect(panel.getByRole("button", { name: category, exact: true })).toBeVisible();
  }
  await panel.getByRole("button", { name: "Dairy Products", exact: true }).click();
  await expect(panel.getByRole("button", { name: "Dairy Products", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await panel.getByRole("button", { name: "Apply Filters" }).click();

  await expect(page).toHaveURL(/categor[^&]*=Dairy/);
  const cards = page.getByRole("article");
  await expectResults(page, async () => {
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await expect(cards.nth(index).getByText("Dairy Products", { exact: true })).toBeVisible();
    }
  });
  // The seeded dairy products are there; nothing else is.
  await expect(page.getByRole("heading", { name: "Fresh Cow Milk (Nono)" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /Cassava|Yam|Tomato|Maize/ })).toHaveCount(0);
});
