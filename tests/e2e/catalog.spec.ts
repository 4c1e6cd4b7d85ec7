import {
  createUser,
  expect,
  expectResults,
  hydrated,
  signIn,
  test as base,
  withDatabase,
  type TestUser,
} from "./fixtures";

// The Product Catalog (app/routes/_app.product-catalog.tsx): administrators only.

const test = base.extend<{ admin: TestUser }>({
  admin: async ({ page, baseURL }, use) => {
    const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
    await signIn(page, admin, baseURL!);
    await use(admin);
    await withDatabase(async (client) => {
      await client.query(`DELETE FROM "Product" WHERE "createdById" = $1`, [admin.id]);
      await client.query(`DELETE FROM "User" WHERE id = $1`, [admin.id]);
    });
  },
});

test("a farmer sees only the access-denied alert", async ({ page, user }) => {
  void user;
  await page.goto("/product-catalog");
  await expect(page.getByRole("heading", { level: 1, name: "Product Catalog Management" })).toBeVisible();
  await expect(
    page.getByText("Access denied: Product catalog management requires administrator privileges.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Product" })).toHaveCount(0);
});

test("an administrator adds, edits, filters and deletes a product", async ({ page, admin }) => {
  void admin;
  await page.goto("/product-catalog");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Product Catalog Management" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Products \(\d+ total\)$/ })).toBeVisible();

  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name *").fill("Ofada Rice");
  await dialog.getByLabel("Unit of Measurement").selectOption("bags");
  await dialog.getByLabel("Description").fill("Unpolished local rice from Ogun State, sold in 50 kg bags.");
  await dialog.getByLabel("Categories *").selectOption("Grains & Cereals");
  await expect(dialog.getByRole("button", { name: "Remove Grains & Cereals" })).toBeVisible();
  await dialog.getByPlaceholder("Paste an image link and press Enter").fill("/images/products/rice.svg");
  await dialog.getByPlaceholder("Paste an image link and press Enter").press("Enter");
  await expect(dialog.getByRole("button", { name: "Remove image" })).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Active Product" })).toBeChecked();
  await expect(dialog.getByText("Active products appear in marketplace searches and listings")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created", { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByRole("table");
  const row = (name: string) => table.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });
  await expect(row("Ofada Rice")).toContainText("Active");
  await expect(row("Ofada Rice")).toContainText("Grains & Cereals");
  await expect(row("Ofada Rice")).toContainText("bags");
  await expect(row("Ofada Rice").locator("img")).toHaveAttribute("src", "/images/products/rice.svg");

  await row("Ofada Rice").getByRole("button", { name: "Edit" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editDialog.getByLabel("Product Name *")).toHaveValue("Ofada Rice");
  await editDialog.getByLabel("Product Name *").fill("Ofada Rice (Abeokuta)");
  await editDialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated", { exact: true }).first()).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row("Ofada Rice (Abeokuta)")).toBeVisible();

  // The names in the table's rows, read once.
  const names = () => table.locator('tbody p[id$="-name"]').allInnerTexts();
  const onlyOfada = async () => expect(await names()).toEqual(["Ofada Rice (Abeokuta)"]);
  await page.getByPlaceholder("Search products...").fill("ofada");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/[?&]search=ofada/);
    expect(await page.getByRole("heading", { name: "Products (1 total)" }).count()).toBe(1);
    await onlyOfada();
  });

  const status = page.getByRole("combobox", { name: "Status" });
  await status.selectOption({ label: "Inactive Only" });
  await expect(status).toHaveValue("inactive");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/[?&]status=inactive/);
    expect(await page.getByText("No products found.").count()).toBe(1);
  });
  await status.selectOption({ label: "Active Only" });
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/[?&]status=active/);
    await onlyOfada();
  });

  const legumes = page.getByRole("button", { name: "Legumes & Pulses" });
  await legumes.click();
  await expect(legumes).toHaveAttribute("aria-pressed", "true");
  await expectResults(page, async () => {
    expect(page.url()).toMatch(/[?&]categories=Legumes/);
    expect(await page.getByText("No products found.").count()).toBe(1);
  });
  await legumes.click();
  await expect(legumes).toHaveAttribute("aria-pressed", "false");
  await expectResults(page, async () => {
    expect(page.url()).not.toMatch(/categories=/);
    await onlyOfada();
  });

  await row("Ofada Rice (Abeokuta)").getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
  await expect(confirm).toContainText("Are you sure you want to delete this product? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete Product" }).click();
  await expect(page.getByText("Product deleted", { exact: true }).first()).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row("Ofada Rice (Abeokuta)")).toHaveCount(0);
  await expect(page.getByText("No products found.")).toBeVisible();
});

test("the product form refuses a short name and no category", async ({ page, admin }) => {
  void admin;
  await page.goto("/product-catalog");
  await hydrated(page);
  await page.getByRole("button", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name *").fill("O");
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(dialog.getByText("Product name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("At least one category is required")).toBeVisible();
  await expect(dialog.getByLabel("Product Name *")).toHaveAttribute("aria-invalid", "true");

  // Choosing a category clears its message at once.
  await dialog.getByLabel("Categories *").selectOption("Root Vegetables");
  await expect(dialog.getByText("At least one category is required")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

for (const width of [360, 1280]) {
  for (const theme of ["light", "dark"] as const) {
    test(`the catalogue looks right at ${width} px in ${theme}`, async ({ page, context, baseURL, admin }) => {
      void admin;
      await context.addCookies([{ name: "asiiko-theme", value: theme, url: baseURL! }]);
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/product-catalog");
      await expect(page.getByRole("heading", { name: /^Products \(\d+ total\)$/ })).toBeVisible();
      // Nothing may overflow sideways on a small phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: `test-results/screens/catalog-${width}-${theme}.png`, fullPage: true });

      await hydrated(page);
      await page.getByRole("button", { name: "Add Product" }).click();
      await expect(page.getByRole("dialog", { name: "Add New Product" })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/catalog-dialog-${width}-${theme}.png` });
    });
  }
}
