import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { SAVED_LISTINGS_MAX } from "~/modules/saved/constants";
import { apiClient, signedInUser, uniqueName, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// Saved listings over HTTP (GET /api/saved-listings, GET/PUT/DELETE /api/saved-listings/{id}),
// against the real database: signed in only, idempotent, only what the marketplace shows, the
// cap, and listings that sold or left the marketplace since shown as unavailable without their
// details.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const SELLER_PHONE = "8031110000";
let seller: SignedIn;
let productId = "";
let productName = "";

beforeAll(async () => {
  seller = await signedInUser("USER", "sv_seller");
  await prisma.user.update({
    where: { id: seller.user.id },
    data: { email: `${uniqueName("sv")}@example.ng`, phone: `+234${SELLER_PHONE}`, phoneVerifiedAt: new Date() },
  });
  productName = uniqueName("Saved cassava");
  productId = (await createProduct({ name: productName })).id;
});

const listing = (data: Parameters<typeof createListing>[1] = {}) =>
  createListing(seller.user.id, { productId, locality: "Abeokuta", latitude: 7.147512, longitude: 3.361934, ...data });
const path = (id: string) => `/api/saved-listings/${encodeURIComponent(id)}`;

describe("signed in only", () => {
  it("answers 401 AUTH_SESSION_EXPIRED to a visitor, for every method", async () => {
    const { id } = await listing();
    for (const [method, address] of [
      ["GET", "/api/saved-listings"],
      ["GET", path(id)],
      ["PUT", path(id)],
      ["DELETE", path(id)],
    ] as const) {
      const response = await call(method, address);
      expect(response.status, `${method} ${address}`).toBe(401);
      expect(response.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    }
  });
});

describe("saving and removing", () => {
  it("saves once however often asked, and removes once however often asked", async () => {
    const buyer = await signedInUser("USER", "sv_buyer");
    const { id } = await listing();
    const as = { cookie: buyer.cookie };
    expect((await call("GET", path(id), undefined, as)).body).toEqual({ success: true, data: { saved: false } });
    for (let time = 0; time < 2; time += 1) {
      const saved = await call("PUT", path(id), undefined, as);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ success: true, data: { saved: true } });
    }
    expect(await prisma.savedListing.count({ where: { userId: buyer.user.id } })).toBe(1);
    expect((await call("GET", path(id), undefined, as)).body.data.saved).toBe(true);
    for (let time = 0; time < 2; time += 1) {
      const removed = await call("DELETE", path(id), undefined, as);
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ success: true, data: { saved: false } });
    }
    expect((await call("GET", path(id), undefined, as)).body.data.saved).toBe(false);
    expect(await prisma.savedListing.count({ where: { userId: buyer.user.id } })).toBe(0);
  });

  it("keeps each account's saves apart", async () => {
    const [one, two] = await Promise.all([signedInUser("USER", "sv_one"), signedInUser("USER", "sv_two")]);
    const { id } = await listing();
    expect((await call("PUT", path(id), undefined, { cookie: one.cookie })).status).toBe(200);
    expect((await call("GET", path(id), undefined, { cookie: two.cookie })).body.data.saved).toBe(false);
    expect((await call("GET", "/api/saved-listings", undefined, { cookie: two.cookie })).body.data.saved).toEqual([]);
  });

  it("answers 404 DB_RECORD_NOT_FOUND for a listing the user cannot see, saving nothing", async () => {
    const buyer = await signedInUser("USER", "sv_404");
    const paused = await listing({ status: "paused" });
    for (const id of [paused.id, "cm0000000000000000000000", "not an id", "x".repeat(150)]) {
      const response = await call("PUT", path(id), undefined, { cookie: buyer.cookie });
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    }
    expect(await prisma.savedListing.count({ where: { userId: buyer.user.id } })).toBe(0);
    // Reading or removing an id that cannot be one is a 404 too; a real one never saved is simply not saved.
    expect((await call("GET", path("not an id"), undefined, { cookie: buyer.cookie })).status).toBe(404);
    expect((await call("DELETE", path("not an id"), undefined, { cookie: buyer.cookie })).status).toBe(404);
    expect((await call("DELETE", path(paused.id), undefined, { cookie: buyer.cookie })).status).toBe(200);
  });

  it("refuses a method it does not answer with 405", async () => {
    const buyer = await signedInUser("USER", "sv_405");
    const response = await call("POST", "/api/saved-listings", {}, { cookie: buyer.cookie });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
  });
});

describe("the list", () => {
  it("lists saved listings newest first, those no longer on sale as unavailable without their details", async () => {
    const buyer = await signedInUser("USER", "sv_list");
    const onSale = await listing();
    const sold = await listing();
    const paused = await listing({ title: "Private words of the seller", productId: null });
    const pausedProduct = await listing();
    const deleted = await listing();
    const order = [onSale, sold, paused, pausedProduct, deleted];
    for (const each of order)
      expect((await call("PUT", path(each.id), undefined, { cookie: buyer.cookie })).status).toBe(200);
    // Saved a minute apart, in this order.
    await Promise.all(
      order.map((each, index) =>
        prisma.savedListing.update({
          where: { userId_listingId: { userId: buyer.user.id, listingId: each.id } },
          data: { createdAt: new Date(Date.now() - (order.length - index) * 60_000) },
        }),
      ),
    );
    await prisma.listing.update({ where: { id: sold.id }, data: { status: "sold" } });
    await prisma.listing.updateMany({
      where: { id: { in: [paused.id, pausedProduct.id] } },
      data: { status: "paused" },
    });
    await prisma.listing.delete({ where: { id: deleted.id } });

    const response = await call("GET", "/api/saved-listings", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    const saved = response.body.data.saved as {
      listingId: string;
      available: boolean;
      status: string;
      listing: { id: string; seller: unknown } | null;
      name: string | null;
    }[];
    expect(saved.map((item) => item.listingId)).toEqual([pausedProduct.id, paused.id, sold.id, onSale.id]);
    expect(saved.map((item) => [item.available, item.status])).toEqual([
      [false, "unavailable"],
      [false, "unavailable"],
      [false, "sold"],
      [true, "active"],
    ]);
    expect(saved[0]).toMatchObject({ listing: null, name: productName });
    expect(saved[1]).toMatchObject({ listing: null, name: null });
    expect(saved[2]!.listing?.id).toBe(sold.id);
    expect(saved[3]!.listing).toMatchObject({ id: onSale.id, seller: { id: seller.user.id, phoneVerified: true } });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain("Private words of the seller");
    expect(text).not.toContain(SELLER_PHONE);
    expect(text).not.toContain("example.ng");
    expect(text).not.toMatch(/latitude|longitude|7\.1475|3\.3619/);
  });
});

describe("the cap", () => {
  it(`refuses a save past ${SAVED_LISTINGS_MAX} with 403 AUTHZ_FEATURE_LIMIT_REACHED, and saves again once one is removed`, async () => {
    const buyer = await signedInUser("USER", "sv_cap");
    const many = await prisma.listing.createManyAndReturn({
      data: Array.from({ length: SAVED_LISTINGS_MAX }, () => ({
        sellerId: seller.user.id,
        productId,
        priceNgn: "100.00",
        quantity: 1,
        condition: "new" as const,
        status: "active" as const,
        images: [],
      })),
      select: { id: true },
    });
    await prisma.savedListing.createMany({
      data: many.map((each) => ({ userId: buyer.user.id, listingId: each.id })),
    });
    const extra = await listing();
    const refused = await call("PUT", path(extra.id), undefined, { cookie: buyer.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("AUTHZ_FEATURE_LIMIT_REACHED");
    expect(refused.body.error.message).toBe(
      `You can save up to ${SAVED_LISTINGS_MAX} listings. Remove some to save more.`,
    );
    // One already saved is still saved: nothing to add.
    expect((await call("PUT", path(many[0]!.id), undefined, { cookie: buyer.cookie })).status).toBe(200);
    expect((await call("DELETE", path(many[0]!.id), undefined, { cookie: buyer.cookie })).status).toBe(200);
    expect((await call("PUT", path(extra.id), undefined, { cookie: buyer.cookie })).status).toBe(200);
    expect(await prisma.savedListing.count({ where: { userId: buyer.user.id } })).toBe(SAVED_LISTINGS_MAX);
    const list = await call("GET", "/api/saved-listings", undefined, { cookie: buyer.cookie });
    expect(list.body.data.saved).toHaveLength(SAVED_LISTINGS_MAX);
    expect(list.body.data.saved[0].listingId).toBe(extra.id);
  }, 60_000);
});
