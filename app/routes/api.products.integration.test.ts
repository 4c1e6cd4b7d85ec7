import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import { apiClient, indexingActions, signedInUser, uniqueName, type SignedIn } from "../../tests/support/api-client";
import { createProduct, uploadedPhoto } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// The product catalogue API over HTTP (GET/POST /api/products,
// GET/PATCH/DELETE /api/products/{id}) and GET /api/admin/check, against the
// real database and Redis. The database is shared with the other integration
// files: every test makes its own users and products and filters on them.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let farmer: SignedIn;
let admin: SignedIn;
/** A product photo an administrator uploaded. */
let beansPhoto = "";

beforeAll(async () => {
  farmer = await signedInUser("USER", "farmer");
  admin = await signedInUser("ADMIN", "admin");
  beansPhoto = await uploadedPhoto(admin.user.id, "product");
});

async function makeProduct(overrides: Partial<Prisma.ProductUncheckedCreateInput> = {}) {
  return createProduct({ name: uniqueName("Sorghum"), ...overrides });
}

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName("White Beans"),
    description: "Dried oloyin beans from Oyo",
    categories: ["Legumes & Pulses", "Processed Foods"],
    unit: "bags",
    attributes: { variety: "Oloyin", moisturePercent: 12, organic: true },
    isActive: true,
    images: ["/images/products/beans.svg", beansPhoto],
    ...overrides,
  };
}

function query(params: Record<string, string | number>) {
  return `/api/products?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;
}

const names = (response: { body: { data: { products: { name: string }[] } } }) =>
  response.body.data.products.map((product) => product.name).sort();

describe("GET /api/products", () => {
  it("answers 401 AUTH_SESSION_EXPIRED when signed out", async () => {
    const response = await call("GET", "/api/products");
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });

  it("lists the catalogue for any signed-in user, filtered by search, categories, is_active, and cut by limit", async () => {
    const token = uniqueName("cat");
    let at = Date.now() - 60_000;
    const make = (overrides: Partial<Prisma.ProductUncheckedCreateInput>) =>
      makeProduct({ createdAt: new Date((at += 1000)), ...overrides });
    const maize = await make({
      name: `Maize ${token}`,
      categories: ["Grains & Cereals"],
      unit: "bags",
      attributes: { colour: "yellow" },
    });
    const beans = await make({ name: `Beans ${token}`, categories: ["Legumes & Pulses", "Grains & Cereals"] });
    const tractor = await make({
      name: `Tractor ${token}`,
      categories: ["Farm Equipment"],
      isActive: false,
      unit: null,
    });
    const pepper = await make({
      name: "Scotch bonnet",
      description: `Hot ${token.toUpperCase()} peppers`,
      categories: ["Spices & Herbs"],
    });

    const all = await call("GET", query({ search: token }), undefined, { cookie: farmer.cookie });
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("private, no-cache");
    expect(all.body.success).toBe(true);
    expect(all.body.data.total).toBe(4);
    // Newest first.
    expect(all.body.data.products.map((product: { id: string }) => product.id)).toEqual([
      pepper.id,
      tractor.id,
      beans.id,
      maize.id,
    ]);
    const shown = all.body.data.products.find((product: { id: string }) => product.id === maize.id);
    expect(shown).toMatchObject({
      name: maize.name,
      categories: ["Grains & Cereals"],
      unit: "bags",
      isActive: true,
      images: [],
      attributes: { colour: "yellow" },
      description: null,
    });
    expect(shown.createdAt).toBe(maize.createdAt.toISOString());

    const byCategories = await call(
      "GET",
      query({ search: token, categories: "Legumes & Pulses,Farm Equipment" }),
      undefined,
      { cookie: farmer.cookie },
    );
    expect(names(byCategories)).toEqual([beans.name, tractor.name].sort());
    const grains = await call("GET", query({ search: token, categories: "Grains & Cereals" }), undefined, {
      cookie: farmer.cookie,
    });
    expect(names(grains)).toEqual([beans.name, maize.name].sort());

    const active = await call("GET", query({ search: token, is_active: "true" }), undefined, { cookie: farmer.cookie });
    expect(names(active)).toEqual([beans.name, maize.name, pepper.name].sort());
    const inactive = await call("GET", query({ search: token, is_active: "false" }), undefined, {
      cookie: farmer.cookie,
    });
    expect(names(inactive)).toEqual([tractor.name]);
    expect(inactive.body.data.total).toBe(1);

    const limited = await call("GET", query({ search: token, limit: 2 }), undefined, { cookie: farmer.cookie });
    expect(limited.body.data.products.map((product: { id: string }) => product.id)).toEqual([pepper.id, tractor.id]);
    expect(limited.body.data.total).toBe(4);
    const nextPage = await call("GET", query({ search: token, limit: 2, offset: 2 }), undefined, {
      cookie: farmer.cookie,
    });
    expect(nextPage.body.data.products.map((product: { id: string }) => product.id)).toEqual([beans.id, maize.id]);
  });

  it.each([
    ["an unknown category", { categories: "Moon Rocks" }, "VLD_INVALID_CROP_TYPE"],
    ["is_active=maybe", { is_active: "maybe" }, "VLD_REQUIRED_FIELD"],
    ["limit=0", { limit: 0 }, "VLD_REQUIRED_FIELD"],
    ["limit=101", { limit: 101 }, "VLD_REQUIRED_FIELD"],
  ])("refuses %s with 400", async (_case, params, code) => {
    const response = await call("GET", query(params), undefined, { cookie: farmer.cookie });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(code);
  });
});

describe("GET /api/products/{id}", () => {
  it("answers one product, or 404 MKT_PRODUCT_NOT_FOUND", async () => {
    const product = await makeProduct({ description: "Red sorghum" });
    const found = await call("GET", `/api/products/${product.id}`, undefined, { cookie: farmer.cookie });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      success: true,
      data: { product: { id: product.id, name: product.name, description: "Red sorghum" } },
    });
    const missing = await call("GET", `/api/products/${uniqueName("missing")}`, undefined, { cookie: farmer.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    expect((await call("GET", `/api/products/${product.id}`)).status).toBe(401);
  });
});

describe("POST /api/products", () => {
  it("creates a product for an administrator: 201, data.product, the row, and a search-indexing upsert", async () => {
    const input = productBody();
    const response = await call("POST", "/api/products", input, { cookie: admin.cookie });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const product = response.body.data.product;
    expect(product).toMatchObject({
      name: input.name,
      description: input.description,
      categories: input.categories,
      unit: "bags",
      attributes: input.attributes,
      isActive: true,
      images: input.images,
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row).toMatchObject({
      name: input.name,
      categories: input.categories,
      unit: "bags",
      isActive: true,
      createdById: admin.user.id,
      images: input.images,
    });
    expect(row.attributes).toEqual(input.attributes);
    expect(await indexingActions("product", product.id)).toEqual(["upsert"]);
  });

  it("fills the defaults: active, no images, and trims the name", async () => {
    const name = uniqueName("Honey");
    const response = await call(
      "POST",
      "/api/products",
      { name: `  ${name}  `, categories: ["Processed Foods"] },
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body.data.product).toMatchObject({
      name,
      isActive: true,
      images: [],
      unit: null,
      description: null,
      attributes: null,
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: response.body.data.product.id } });
    expect(row).toMatchObject({ name, isActive: true, images: [] });
  });

  it.each([
    [
      "a name of 1 character",
      { name: "A" },
      "VLD_REQUIRED_FIELD",
      "name",
      "Product name must be at least 2 characters",
    ],
    ["no categories", { categories: [] }, "VLD_INVALID_CROP_TYPE", "categories", "At least one category is required"],
    [
      "a missing categories list",
      { categories: undefined },
      "VLD_INVALID_CROP_TYPE",
      "categories",
      "At least one category is required",
    ],
    [
      "an unknown category",
      { categories: ["Grains & Cereals", "Moon Rocks"] },
      "VLD_INVALID_CROP_TYPE",
      "categories.1",
      "Choose categories from the list",
    ],
    ["an unknown unit", { unit: "furlongs" }, "VLD_REQUIRED_FIELD", "unit", "Choose a unit from the list"],
    [
      "a javascript: image",
      { images: ["javascript:alert(1)"] },
      "VLD_REQUIRED_FIELD",
      "images.0",
      "Enter a photo address starting with https://, or upload a photo",
    ],
    ["a non-boolean isActive", { isActive: "yes" }, "VLD_REQUIRED_FIELD", "isActive", "Active must be true or false"],
  ])("refuses %s with 400 and stores nothing", async (_case, overrides, code, field, message) => {
    const input = productBody(overrides);
    const response = await call("POST", "/api/products", input, { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.fields[field]).toContain(message);
    expect(
      await prisma.product.count({ where: { name: { in: [String(input.name), String(input.name).trim()] } } }),
    ).toBe(0);
  });
});

describe("PATCH and DELETE /api/products/{id}", () => {
  it("PATCH replaces the product's fields and queues an upsert", async () => {
    const created = await call("POST", "/api/products", productBody(), { cookie: admin.cookie });
    const id = created.body.data.product.id;
    const name = uniqueName("Brown Beans");
    const response = await call(
      "PATCH",
      `/api/products/${id}`,
      productBody({
        name,
        categories: ["Legumes & Pulses"],
        unit: "kg",
        isActive: false,
        images: [],
        description: "",
        attributes: null,
      }),
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      data: { product: { id, name, unit: "kg", isActive: false, images: [], description: null } },
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      name,
      categories: ["Legumes & Pulses"],
      unit: "kg",
      isActive: false,
      images: [],
      description: null,
    });
    expect((await indexingActions("product", id)).sort()).toEqual(["upsert", "upsert"]);
  });

  it("PATCH with the whole form clears what the form leaves out: description, unit and attributes", async () => {
    const created = await call("POST", "/api/products", productBody(), { cookie: admin.cookie });
    expect(created.body.data.product.attributes).toEqual({ variety: "Oloyin", moisturePercent: 12, organic: true });
    const id = created.body.data.product.id;
    // The catalogue form sends the same body as on create; here every optional field is emptied.
    const emptied = {
      name: created.body.data.product.name,
      categories: ["Legumes & Pulses"],
      isActive: true,
      images: [],
    };
    const response = await call("PATCH", `/api/products/${id}`, emptied, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const row = await prisma.product.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ description: null, unit: null, images: [] });
    // A full update without attributes clears them, as create would store none.
    expect(response.body.data.product.attributes).toBeNull();
    expect(row.attributes).toBeNull();
  });

  it("PATCH or DELETE of a product that does not exist answers 404 MKT_PRODUCT_NOT_FOUND", async () => {
    const missing = uniqueName("missing");
    const patch = await call("PATCH", `/api/products/${missing}`, productBody(), { cookie: admin.cookie });
    expect(patch.status).toBe(404);
    expect(patch.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    const remove = await call("DELETE", `/api/products/${missing}`, undefined, { cookie: admin.cookie });
    expect(remove.status).toBe(404);
    expect(remove.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    expect(await prisma.product.findUnique({ where: { id: missing } })).toBeNull();
  });

  it("PATCH with an invalid body answers 400 and changes nothing", async () => {
    const product = await makeProduct();
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const response = await call("PATCH", `/api/products/${product.id}`, productBody({ name: "x" }), {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.name).toContain("Product name must be at least 2 characters");
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toEqual(before);
  });

  it("DELETE of a product no listing links to really deletes it and queues a delete", async () => {
    const created = await call("POST", "/api/products", productBody(), { cookie: admin.cookie });
    const id = created.body.data.product.id;
    const response = await call("DELETE", `/api/products/${id}`, undefined, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { id, deleted: true, deactivated: false } });
    expect(await prisma.product.findUnique({ where: { id } })).toBeNull();
    const after = await call("GET", `/api/products/${id}`, undefined, { cookie: admin.cookie });
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    expect((await indexingActions("product", id)).sort()).toEqual(["delete", "upsert"]);
  });

  it("DELETE of a product that listings link to deactivates it instead, and the listing keeps its link", async () => {
    const created = await call("POST", "/api/products", productBody(), { cookie: admin.cookie });
    const id = created.body.data.product.id;
    const seller = await signedInUser("USER", "seller");
    const listing = await call(
      "POST",
      "/api/market/listings",
      {
        productId: id,
        priceNgn: "3000",
        quantity: 5,
        condition: "new",
        images: ["/images/products/legumes-pulses.svg"],
      },
      { cookie: seller.cookie },
    );
    expect(listing.status).toBe(201);

    const response = await call("DELETE", `/api/products/${id}`, undefined, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({ id, deleted: false, deactivated: true });
    const row = await prisma.product.findUnique({ where: { id } });
    expect(row).not.toBeNull();
    expect(row!.isActive).toBe(false);
    const linked = await prisma.listing.findUniqueOrThrow({ where: { id: listing.body.data.listing.id } });
    expect(linked.productId).toBe(id);
    // Still readable, shown as inactive, and the listing still carries it.
    const shown = await call("GET", `/api/products/${id}`, undefined, { cookie: farmer.cookie });
    expect(shown.body.data.product.isActive).toBe(false);
    const mine = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: seller.cookie,
    });
    expect(mine.body.data.listings[0].product).toMatchObject({ id, isActive: false });
    // Create upsert, then the deactivation is an upsert too: the product stays indexed as inactive.
    expect((await indexingActions("product", id)).sort()).toEqual(["upsert", "upsert"]);
  });
});

describe("GET /api/admin/check", () => {
  it("answers hasAccess true for an administrator, false for a user, 401 when signed out", async () => {
    const asAdmin = await call("GET", "/api/admin/check", undefined, { cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({ success: true, data: { hasAccess: true } });
    const asUser = await call("GET", "/api/admin/check", undefined, { cookie: farmer.cookie });
    expect(asUser.status).toBe(200);
    expect(asUser.body).toEqual({ success: true, data: { hasAccess: false } });
    const signedOut = await call("GET", "/api/admin/check");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    const expired = await prisma.session.create({
      data: { userId: admin.user.id, expiresAt: new Date(Date.now() - 1000) },
    });
    const { sessionCookie } = await import("~/modules/auth/session.server");
    const stale = (await sessionCookie.serialize(expired.id)).split(";")[0]!;
    expect((await call("GET", "/api/admin/check", undefined, { cookie: stale })).status).toBe(401);
  });
});

describe("who may change the catalogue", () => {
  type Actor = "anonymous" | "a user" | "an administrator";
  type Write = "POST" | "PATCH" | "DELETE";
  const cookieOf: Record<Actor, () => string | undefined> = {
    anonymous: () => undefined,
    "a user": () => farmer.cookie,
    "an administrator": () => admin.cookie,
  };
  const matrix: [Write, Actor, number, string | null][] = [
    ["POST", "anonymous", 401, "AUTH_SESSION_EXPIRED"],
    ["POST", "a user", 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
    ["POST", "an administrator", 201, null],
    ["PATCH", "anonymous", 401, "AUTH_SESSION_EXPIRED"],
    ["PATCH", "a user", 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
    ["PATCH", "an administrator", 200, null],
    ["DELETE", "anonymous", 401, "AUTH_SESSION_EXPIRED"],
    ["DELETE", "a user", 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
    ["DELETE", "an administrator", 200, null],
  ];

  it.each(matrix)("%s by %s answers %i", async (write, actor, status, code) => {
    const cookie = cookieOf[actor]();
    if (write === "POST") {
      const input = productBody();
      const response = await call("POST", "/api/products", input, { cookie });
      expect(response.status).toBe(status);
      const stored = await prisma.product.findMany({ where: { name: input.name } });
      if (code) {
        expect(response.body).toMatchObject({ success: false, error: { code } });
        expect(stored).toEqual([]);
      } else {
        expect(stored).toHaveLength(1);
        expect(response.body.data.product.id).toBe(stored[0]!.id);
      }
      return;
    }

    const product = await makeProduct();
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const renamed = uniqueName("Renamed");
    const response =
      write === "PATCH"
        ? await call("PATCH", `/api/products/${product.id}`, productBody({ name: renamed }), { cookie })
        : await call("DELETE", `/api/products/${product.id}`, undefined, { cookie });
    expect(response.status).toBe(status);
    const after = await prisma.product.findUnique({ where: { id: product.id } });
    if (code) {
      expect(response.body).toMatchObject({ success: false, error: { code } });
      expect(after).toEqual(before);
      expect(await indexingActions("product", product.id)).toEqual([]);
    } else if (write === "PATCH") {
      expect(after?.name).toBe(renamed);
    } else {
      expect(after).toBeNull();
    }
  });
});
