import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { createUser, expect, hydrated, signIn, test, withDatabase } from "./fixtures";

// The whole marketplace loop across pages: an administrator adds a product,
// a seller lists it with an uploaded photo, buyers find it, the seller pauses,
// edits and deletes it.
test("from catalogue to marketplace and back", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const suffix = randomBytes(3).toString("hex");
  const productName = `Ofada Rice ${suffix}`;
  const admin = await createUser({ role: "ADMIN", firstName: "Ngozi" });
  const seller = await createUser({ firstName: "Bisi" });
  const buyer = await createUser({ firstName: "Kemi" });

  const adminPage = await (await browser.newContext()).newPage();
  const sellerPage = await (await browser.newContext()).newPage();
  const buyerPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin, baseURL!);
  await signIn(sellerPage, seller, baseURL!);
  await signIn(buyerPage, buyer, baseURL!);

  try {
    // The administrator adds the product.
    await adminPage.goto("/product-catalog");
    await hydrated(adminPage);
    await adminPage.getByRole("button", { name: "Add Product" }).click();
    const productDialog = adminPage.getByRole("dialog", { name: "Add New Product" });
    await productDialog.getByLabel("Product Name *").fill(productName);
    await productDialog.getByLabel("Unit of Measurement").selectOption("bags");
    await productDialog.getByLabel("Categories *").selectOption("Grains & Cereals");
    await productDialog.getByRole("button", { name: "Create Product" }).click();
    await expect(productDialog).toBeHidden();
    await expect(adminPage.getByText("Product created", { exact: true }).first()).toBeVisible();

    // The seller picks it and lists it with a photo from the phone.
    await sellerPage.goto("/my-listings");
    await hydrated(sellerPage);
    await sellerPage.getByRole("button", { name: "Create Listing" }).first().click();
    const form = sellerPage.getByRole("dialog", { name: "Create New Listing" });
    await form.getByLabel("Product", { exact: true }).selectOption({ label: productName });
    await form.getByLabel("Price (NGN)").fill("30000");
    await form.getByLabel("Quantity").fill("5");
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c9a227" } })
      .jpeg()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: "rice.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(form.locator("img").first()).toHaveAttribute("src", /^\/uploads\/.+\/800\.webp$/, { timeout: 20_000 });
    await form.getByRole("button", { name: "Add Location" }).click();
    const where = sellerPage.getByRole("dialog", { name: "Add Location" });
    await where.getByPlaceholder("e.g. Ibadan").fill("Abeokuta");
    await where.getByPlaceholder("e.g. Ibadan").press("Enter");
    await form.getByRole("button", { name: "Create Listing" }).click();
    await expect(form).toBeHidden();
    await expect(sellerPage.getByText("Listing created", { exact: true })).toBeVisible();
    const sellerCard = sellerPage.getByRole("article", { name: productName });
    await expect(sellerCard).toContainText("₦30,000");

    // A buyer finds it by search and by category, with the processed photo.
    await buyerPage.goto(`/marketplace?search=${encodeURIComponent(productName)}`);
    const buyerCard = buyerPage.getByRole("article", { name: productName });
    await expect(buyerCard).toContainText("₦30,000");
    await expect(buyerCard).toContainText("Abeokuta, Ogun");
    await expect(buyerCard.locator("img").first()).toHaveAttribute("src", /^\/uploads\/.+\/800\.webp$/);
    const image = await buyerPage.request.get((await buyerCard.locator("img").first().getAttribute("src"))!);
    expect(image.headers()["content-type"]).toBe("image/webp");
    await buyerPage.goto(`/marketplace?categories=Grains+%26+Cereals&search=${suffix}`);
    await expect(buyerPage.getByRole("article", { name: productName })).toBeVisible();

    // Paused: it leaves the buyers' results.
    await sellerCard.getByRole("button", { name: "Pause" }).click();
    await expect(sellerPage.getByText("Listing paused", { exact: true })).toBeVisible();
    await buyerPage.goto(`/marketplace?search=${encodeURIComponent(productName)}`);
    await expect(buyerPage.getByText("No products found matching your criteria.")).toBeVisible();

    // Active again at a new price.
    await sellerCard.getByRole("button", { name: "Activate" }).click();
    await expect(sellerPage.getByText("Listing activated", { exact: true })).toBeVisible();
    await sellerCard.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = sellerPage.getByRole("dialog", { name: "Edit Listing" });
    await edit.getByLabel("Price (NGN)").fill("32500");
    await edit.getByRole("button", { name: "Update Listing" }).click();
    // The form closes once the save is answered (and the toast says so).
    await expect(edit).toBeHidden();
    await expect(sellerPage.getByText("Listing updated", { exact: true })).toBeVisible();
    await buyerPage.reload();
    await expect(buyerPage.getByRole("article", { name: productName })).toContainText("₦32,500");

    // Sold out to a buyer: shown as Unavailable.
    await sellerCard.getByRole("button", { name: "Edit", exact: true }).click();
    await edit.getByLabel("Listing Status").selectOption("sold");
    await edit.getByRole("button", { name: "Update Listing" }).click();
    // The first save's toast may still be showing: the closed form is what tells this save is done.
    await expect(edit).toBeHidden();
    await expect(sellerCard.getByTestId("listing-status")).toHaveText("Sold");
    await buyerPage.reload();
    await expect(
      buyerPage.getByRole("article", { name: productName }).getByRole("button", { name: "Unavailable" }),
    ).toBeDisabled();

    // Deleted: gone for everyone.
    await sellerCard.getByRole("button", { name: `Delete: ${productName}` }).click();
    const confirm = sellerPage.getByRole("dialog", { name: "Confirm Deletion" });
    await confirm.getByRole("button", { name: "Delete Listing" }).click();
    await expect(confirm).toBeHidden();
    await expect(sellerPage.getByText("Listing deleted", { exact: true })).toBeVisible();
    await buyerPage.reload();
    await expect(buyerPage.getByText("No products found matching your criteria.")).toBeVisible();
  } finally {
    await withDatabase(async (client) => {
      await client.query(`DELETE FROM "Product" WHERE name = $1`, [productName]);
      await client.query(`DELETE FROM "User" WHERE id = ANY($1)`, [[admin.id, seller.id, buyer.id]]);
    });
  }
});
