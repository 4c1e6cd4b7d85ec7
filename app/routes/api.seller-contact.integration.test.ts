import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  indexPendingChanges,
  signedInUser,
  uniqueName,
  type SignedIn,
} from "../../tests/support/api-client";
import { createListing } from "../../tests/support/market";
import { uniquePhone } from "../../tests/support/phones";
import { serveForTests } from "../../tests/support/web";

// How a buyer reaches a seller, over HTTP against the real database and
// Redis: the seller's verified phone (PUT/DELETE /api/user/phone; confirming it
// by a texted code is api.user.phone.integration.test.ts), shown only on the
// details of a listing whose seller chose to show it (GET
// /api/market/listings/{id}), never in lists or to visitors, and rate-limited
// per buyer. Also: a listing names a catalogue product or a title of its own.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

// This file's own number: a verified number belongs to one account at a time, and other files verify numbers too.
const E164 = uniquePhone();
const PHONE_DIGITS = E164.slice(4);

/** A seller whose phone is verified (as if confirmed by its code): the number is taken from this file's earlier sellers. */
async function sellerWithPhone(phone: string | null = E164) {
  const seller = await signedInUser("USER", "seller");
  if (phone) {
    await prisma.user.updateMany({ where: { phone, phoneVerifiedAt: { not: null } }, data: { phoneVerifiedAt: null } });
  }
  await prisma.user.update({
    where: { id: seller.user.id },
    data: { phone, phoneVerifiedAt: phone ? new Date() : null, firstName: "Ngozi" },
  });
  return seller;
}

async function makeListing(sellerId: string, overrides: Partial<Prisma.ListingUncheckedCreateInput> = {}) {
  return createListing(sellerId, {
    title: "Fresh ugu leaves",
    priceNgn: "1500.00",
    quantity: 30,
    images: ["/images/products/bitter-leaf.svg"],
    locality: "Nsukka, Enugu",
    showPhone: true,
    ...overrides,
  });
}

function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    priceNgn: "2500.00",
    quantity: 20,
    condition: "new",
    images: ["/images/products/catfish.svg"],
    locality: "Epe, Lagos",
    status: "active",
    ...overrides,
  };
}

/** Whether any form of the test number appears in an answer. */
const mentionsPhone = (body: unknown) => JSON.stringify(body).includes(PHONE_DIGITS);

describe("PUT and DELETE /api/user/phone", () => {
  it("answers 401 when signed out", async () => {
    expect((await call("PUT", "/api/user/phone", { phone: "0803 123 4567" })).status).toBe(401);
    expect((await call("GET", "/api/user/phone")).status).toBe(401);
    expect((await call("DELETE", "/api/user/phone")).status).toBe(401);
  });

  it.each(["0713 123 4567", "0803 123 456", "+44 7911 123456", "01 234 5678", "7131234567", "0803 123 4567 ext 2"])(
    "refuses %s with 400 VLD_INVALID_PHONE and a translated message, storing nothing",
    async (phone) => {
      const user = await signedInUser("USER", "phone");
      const response = await call("PUT", "/api/user/phone", { phone }, { cookie: user.cookie });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: { code: "VLD_INVALID_PHONE" } });
      expect(response.body.error.fields.phone).toContain("Enter a Nigerian mobile number, such as 0803 123 4567");
      const french = await call("PUT", "/api/user/phone", { phone }, { cookie: `asiiko-lang=fr; ${user.cookie}` });
      expect(french.body.error.fields.phone).toContain(
        "Saisissez un numéro de mobile nigérian, par exemple 0803 123 4567",
      );
      expect((await prisma.user.findUniqueOrThrow({ where: { id: user.user.id } })).phone).toBeNull();
    },
  );

  it("answers VLD_REQUIRED_FIELD without a number", async () => {
    const user = await signedInUser("USER", "phone");
    const response = await call("PUT", "/api/user/phone", {}, { cookie: user.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VLD_REQUIRED_FIELD");
  });

  it("removes the number and stops every listing showing it", async () => {
    const seller = await sellerWithPhone();
    const listing = await makeListing(seller.user.id);
    const response = await call("DELETE", "/api/user/phone", undefined, { cookie: seller.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.phone).toBeNull();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } })).phone).toBeNull();
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).showPhone).toBe(false);
  });
});

describe("showing the phone on a listing", () => {
  it("refuses showPhone without a saved phone (400 VLD_INVALID_PHONE), and stores it with one", async () => {
    const without = await sellerWithPhone(null);
    const refused = await call(
      "POST",
      "/api/market/listings",
      listingBody({ title: "Smoked catfish", showPhone: true }),
      { cookie: without.cookie },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("VLD_INVALID_PHONE");
    expect(refused.body.error.fields).toHaveProperty("showPhone");
    expect(await prisma.listing.count({ where: { sellerId: without.user.id } })).toBe(0);

    const seller = await sellerWithPhone();
    const made = await call("POST", "/api/market/listings", listingBody({ title: "Smoked catfish", showPhone: true }), {
      cookie: seller.cookie,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.listing).toMatchObject({ title: "Smoked catfish", showPhone: true });
    expect(mentionsPhone(made.body)).toBe(false);
  });
});

describe("GET /api/market/listings/{id}", () => {
  it("gives a signed-in buyer the seller's first name, town and the phone the seller shows", async () => {
    const seller = await sellerWithPhone();
    const buyer = await signedInUser("USER", "buyer");
    const listing = await makeListing(seller.user.id);
    const response = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.body.data.listing).toMatchObject({
      id: listing.id,
      title: "Fresh ugu leaves",
      locality: "Nsukka, Enugu",
      seller: { firstName: "Ngozi", town: "Nsukka, Enugu", phone: E164 },
    });
  });

  it("gives no phone where the seller does not show it", async () => {
    const seller = await sellerWithPhone();
    const buyer = await signedInUser("USER", "buyer");
    const listing = await makeListing(seller.user.id, { showPhone: false });
    const response = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.listing.seller).toEqual({ firstName: "Ngozi", town: "Nsukka, Enugu", phone: null });
    expect(mentionsPhone(response.body)).toBe(false);
  });

  it("answers 401 to a visitor who is not signed in, with nothing of the seller", async () => {
    const seller = await sellerWithPhone();
    const listing = await makeListing(seller.user.id);
    const response = await call("GET", `/api/market/listings/${listing.id}`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
    expect(mentionsPhone(response.body)).toBe(false);
    expect(JSON.stringify(response.body)).not.toContain("Ngozi");
  });

  it("answers 404 for an unknown id and for another seller's paused listing; the seller sees their own", async () => {
    const seller = await sellerWithPhone();
    const buyer = await signedInUser("USER", "buyer");
    const paused = await makeListing(seller.user.id, { status: "paused" });
    expect(
      (await call("GET", `/api/market/listings/${uniqueName("none")}`, undefined, { cookie: buyer.cookie })).status,
    ).toBe(404);
    const hidden = await call("GET", `/api/market/listings/${paused.id}`, undefined, { cookie: buyer.cookie });
    expect(hidden.status).toBe(404);
    expect(mentionsPhone(hidden.body)).toBe(false);
    const own = await call("GET", `/api/market/listings/${paused.id}`, undefined, { cookie: seller.cookie });
    expect(own.status).toBe(200);
    expect(own.body.data.listing.seller.phone).toBe(E164);
    // The details dialog's loader: the same answers, each with its own status.
    const dialogMissing = await call("GET", `/marketplace/${paused.id}/seller`, undefined, { cookie: buyer.cookie });
    expect(dialogMissing.status).toBe(404);
    expect(dialogMissing.body).toMatchObject({ ok: false, listingId: paused.id, code: "DB_RECORD_NOT_FOUND" });
    expect(dialogMissing.headers.get("cache-control")).toMatch(/no-store/);
    const dialogOwn = await call("GET", `/marketplace/${paused.id}/seller`, undefined, { cookie: seller.cookie });
    expect(dialogOwn.status).toBe(200);
    expect(dialogOwn.body).toMatchObject({ ok: true, listingId: paused.id, seller: { phone: E164 } });
  });

  it("never puts the number in list answers, the marketplace page or another seller's My Listings", async () => {
    const seller = await sellerWithPhone();
    const buyer = await signedInUser("USER", "buyer");
    const title = uniqueName("Ugu bundle");
    await makeListing(seller.user.id, { title });
    const lists = [
      `/api/market/listings?seller_id=${seller.user.id}`,
      `/api/market/listings?search=${encodeURIComponent(title)}`,
      "/api/market/listings?limit=100",
    ];
    for (const path of lists) {
      const response = await call("GET", path, undefined, { cookie: buyer.cookie });
      expect(response.status).toBe(200);
      expect(mentionsPhone(response.body), path).toBe(false);
    }
    const own = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: seller.cookie,
    });
    expect(own.body.data.listings).toHaveLength(1);
    expect(mentionsPhone(own.body)).toBe(false);

    // The marketplace page's HTML and its data, for the buyer searching for the listing.
    for (const path of [
      `/marketplace?search=${encodeURIComponent(title)}`,
      `/marketplace.data?search=${encodeURIComponent(title)}`,
    ]) {
      const page = await call("GET", path, undefined, { cookie: buyer.cookie });
      expect(page.status, path).toBe(200);
      expect(JSON.stringify(page.body)).toContain(title);
      expect(mentionsPhone(page.body), path).toBe(false);
    }
  });

  it("limits each buyer to 30 different listings' phones an hour (429 with Retry-After); a number already seen stays visible", async () => {
    const seller = await sellerWithPhone();
    const buyer = await signedInUser("USER", "buyer");
    const listings = await Promise.all(
      Array.from({ length: 31 }, (_, index) => makeListing(seller.user.id, { title: `Ugu bundle ${index}` })),
    );
    for (const listing of listings.slice(0, 30)) {
      const response = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
      expect(response.status).toBe(200);
    }
    // Looking at one again does not count.
    expect(
      (await call("GET", `/api/market/listings/${listings[0]!.id}`, undefined, { cookie: buyer.cookie })).status,
    ).toBe(200);

    // The details dialog's own loader refuses the same way, with the same status.
    const dialog = await call("GET", `/marketplace/${listings[30]!.id}/seller`, undefined, { cookie: buyer.cookie });
    expect(dialog.status).toBe(429);
    expect(dialog.body).toMatchObject({ ok: false, listingId: listings[30]!.id, code: "RATE_LIMIT_EXCEEDED" });
    expect(Number(dialog.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mentionsPhone(dialog.body)).toBe(false);

    const limited = await call("GET", `/api/market/listings/${listings[30]!.id}`, undefined, { cookie: buyer.cookie });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(mentionsPhone(limited.body)).toBe(false);
    expect(
      (await call("GET", `/api/market/listings/${listings[5]!.id}`, undefined, { cookie: buyer.cookie })).status,
    ).toBe(200);

    // Another buyer has an allowance of their own; the seller looking at their own listings is not counted.
    const other = await signedInUser("USER", "buyer");
    expect(
      (await call("GET", `/api/market/listings/${listings[30]!.id}`, undefined, { cookie: other.cookie })).status,
    ).toBe(200);
    for (const listing of listings) {
      expect(
        (await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: seller.cookie })).status,
      ).toBe(200);
    }
  });
});

describe("a listing names a catalogue product or a title of its own", () => {
  let seller: SignedIn;
  beforeAll(async () => {
    seller = await sellerWithPhone();
  });

  it("refuses a listing with neither product nor title: 400 VLD_REQUIRED_FIELD on productId, on create and update", async () => {
    const created = await call("POST", "/api/market/listings", listingBody({ productId: null }), {
      cookie: seller.cookie,
    });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(created.body.error.fields.productId).toContain("Product selection is required");

    const listing = await makeListing(seller.user.id);
    const updated = await call("PATCH", `/api/market/listings/${listing.id}`, listingBody({ title: "  " }), {
      cookie: seller.cookie,
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(updated.body.error.fields.productId).toContain("Product selection is required");
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).title).toBe("Fresh ugu leaves");
  });

  it("refuses a custom listing without a title, or with one over 80 characters", async () => {
    const untitled = await call("POST", "/api/market/listings", listingBody({ custom: true }), {
      cookie: seller.cookie,
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(untitled.body.error.fields.title).toContain("Give what you sell a short title (2 to 80 characters)");
    const long = await call("POST", "/api/market/listings", listingBody({ title: "x".repeat(81) }), {
      cookie: seller.cookie,
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.title).toContain("The title must be at most 80 characters");
  });

  it("stores the title trimmed with single spaces, and old rows with neither stay readable", async () => {
    const made = await call("POST", "/api/market/listings", listingBody({ title: "  Smoked   catfish, Epe  " }), {
      cookie: seller.cookie,
    });
    expect(made.status).toBe(201);
    expect(made.body.data.listing).toMatchObject({ productId: null, product: null, title: "Smoked catfish, Epe" });

    const old = await makeListing(seller.user.id, { title: null, showPhone: false });
    const buyer = await signedInUser("USER", "buyer");
    const read = await call("GET", `/api/market/listings/${old.id}`, undefined, { cookie: buyer.cookie });
    expect(read.status).toBe(200);
    expect(read.body.data.listing).toMatchObject({ title: null, product: null });
    const listed = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: buyer.cookie,
    });
    expect(listed.body.data.listings.map((listing: { id: string }) => listing.id)).toContain(old.id);
  });

  it("finds a custom listing by its title in the marketplace and in My Listings", async () => {
    const word = uniqueName("Catfish");
    const made = await call("POST", "/api/market/listings", listingBody({ title: `Smoked ${word} from Epe` }), {
      cookie: seller.cookie,
    });
    expect(made.status).toBe(201);
    await indexPendingChanges();
    const buyer = await signedInUser("USER", "buyer");
    const search = word.toLowerCase();
    const market = await call("GET", `/api/market/listings?search=${encodeURIComponent(search)}`, undefined, {
      cookie: buyer.cookie,
    });
    expect(market.body.data.listings.map((listing: { id: string }) => listing.id)).toEqual([made.body.data.listing.id]);
    const mine = await call(
      "GET",
      `/api/market/listings?seller_id=${seller.user.id}&search=${encodeURIComponent(search)}`,
      undefined,
      { cookie: seller.cookie },
    );
    expect(mine.body.data.listings.map((listing: { id: string }) => listing.id)).toEqual([made.body.data.listing.id]);
    const page = await call("GET", `/my-listings?search=${encodeURIComponent(search)}`, undefined, {
      cookie: seller.cookie,
    });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`Smoked ${word} from Epe`);
  });
});
