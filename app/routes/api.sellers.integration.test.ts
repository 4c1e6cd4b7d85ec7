import { beforeAll, describe, expect, it } from "vitest";
import { encodeGeohash } from "~/lib/geo";
import { prisma } from "~/server/db.server";
import { SELLER_PAGE_SIZE } from "~/modules/sellers/sellers.server";
import { apiClient, signedInUser, uniqueName, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// A seller's public page over HTTP (GET /api/sellers/{id} and the page /sellers/{id}), against
// the real database: public name, town, month joined, verified phone, sold count and listings on
// sale, and nothing private (e-mail, phone, farm, coordinates, last name).

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const PHONE_DIGITS = "8031239876";
/** Where the seller's phone put their listings, to the metre. */
const PLACE = { latitude: 6.856712, longitude: 7.395834 };

let buyer: SignedIn;
let seller: SignedIn;
const secret = { email: "", farm: "", lastName: "Adeyemi" };
const ids = { active: [] as string[], sold: [] as string[], paused: "", soldHidden: "" };
let productName = "";

beforeAll(async () => {
  buyer = await signedInUser("USER", "sp_buyer");
  seller = await signedInUser("USER", "sp_seller");
  secret.email = `${uniqueName("ngozi")}@example.ng`;
  secret.farm = uniqueName("Ngozi's secret farm");
  await prisma.user.update({
    where: { id: seller.user.id },
    data: {
      firstName: "Ngozi",
      lastName: secret.lastName,
      email: secret.email,
      phone: `+234${PHONE_DIGITS}`,
      phoneVerifiedAt: new Date(),
      createdAt: new Date("2025-03-14T10:00:00Z"),
    },
  });
  await prisma.farm.create({
    data: {
      ownerId: seller.user.id,
      name: secret.farm,
      crops: ["Cassava"],
      centerLat: PLACE.latitude,
      centerLng: PLACE.longitude,
      geohash: encodeGeohash(PLACE.latitude, PLACE.longitude),
    },
  });
  productName = uniqueName("Seller page yam");
  const product = await createProduct({ name: productName });
  let minute = 0;
  const make = async (data: Parameters<typeof createListing>[1]) =>
    (
      await createListing(seller.user.id, {
        productId: product.id,
        ...PLACE,
        createdAt: new Date(Date.now() - 3_600_000 + (minute += 1) * 60_000),
        ...data,
      })
    ).id;
  // Oldest first: two of three on sale name Nsukka, so Nsukka is the town.
  ids.active.push(await make({ locality: "Ibadan" }));
  ids.sold.push(await make({ locality: "Nsukka, Enugu", status: "sold" }));
  ids.active.push(await make({ locality: "Nsukka, Enugu" }));
  ids.paused = await make({ locality: "Ibadan", status: "paused" });
  ids.soldHidden = await make({ locality: "Ibadan", status: "sold", hiddenAt: new Date(), hiddenCause: "moderator" });
  ids.sold.push(await make({ locality: "Ibadan", status: "sold" }));
  ids.active.push(await make({ locality: "nsukka,  enugu" }));
});

const get = (id: string, who: SignedIn | null = buyer, query = "") =>
  call("GET", `/api/sellers/${id}${query}`, undefined, { cookie: who?.cookie });

describe("GET /api/sellers/{id}", () => {
  it("answers 401 to a visitor", async () => {
    const response = await get(seller.user.id, null);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("AUTH_SESSION_EXPIRED");
  });

  it("answers the seller's public profile and their listings on sale, newest first", async () => {
    const response = await get(seller.user.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.body.success).toBe(true);
    expect(response.body.data.seller).toEqual({
      id: seller.user.id,
      name: "Ngozi A.",
      town: "nsukka, enugu",
      memberSince: "2025-03",
      phoneVerified: true,
      // A sold listing hidden by a moderator does not count.
      soldCount: 2,
      onSaleCount: 3,
      // No completed order has been reviewed yet.
      rating: { average: null, count: 0 },
    });
    const listings = response.body.data.listings as { id: string; status: string; seller: unknown }[];
    expect(listings.map((listing) => listing.id)).toEqual([...ids.active].reverse());
    for (const listing of listings) {
      expect(listing.status).toBe("active");
      expect(listing.seller).toEqual({
        id: seller.user.id,
        name: "Ngozi A.",
        phoneVerified: true,
        rating: { average: null, count: 0 },
      });
    }
    expect(response.body.data).toMatchObject({ page: 1, pages: 1 });
  });

  it("shows nothing private: no e-mail, phone, farm, last name or coordinates", async () => {
    const text = JSON.stringify((await get(seller.user.id)).body);
    expect(text).not.toContain(secret.email);
    expect(text).not.toContain(PHONE_DIGITS);
    expect(text).not.toContain(secret.farm);
    expect(text).not.toContain(secret.lastName);
    expect(text).not.toContain("6.85");
    expect(text).not.toContain("7.39");
    expect(text).not.toMatch(/latitude|longitude|geohash|email|phone"/i);
  });

  it("says so when the seller's phone is not verified", async () => {
    const other = await signedInUser("USER", "sp_unverified");
    await prisma.user.update({ where: { id: other.user.id }, data: { phone: "+2348035550000", lastName: "okafor" } });
    await createListing(other.user.id, { title: "Fresh ugu", locality: "Owerri" });
    const response = await get(other.user.id);
    expect(response.status).toBe(200);
    expect(response.body.data.seller).toMatchObject({ name: "Test O.", phoneVerified: false, soldCount: 0 });
    expect(response.body.data.listings[0].seller.phoneVerified).toBe(false);
    expect(JSON.stringify(response.body)).not.toContain("8035550000");
  });

  it("is read by the seller too, as buyers see it (no paused listing)", async () => {
    const response = await get(seller.user.id, seller);
    expect(response.status).toBe(200);
    expect(response.body.data.listings.map((listing: { id: string }) => listing.id)).not.toContain(ids.paused);
  });

  it("answers 404 MKT_SELLER_UNAVAILABLE for an unknown id, an impossible one and a suspended seller", async () => {
    const suspended = await signedInUser("USER", "sp_suspended");
    await prisma.user.update({
      where: { id: suspended.user.id },
      data: { suspendedAt: new Date(), suspensionReason: "scam" },
    });
    await createListing(suspended.user.id, { locality: "Kano" });
    for (const id of ["cm0000000000000000000000", "not an id", "x".repeat(150), suspended.user.id]) {
      const response = await get(encodeURIComponent(id));
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe("MKT_SELLER_UNAVAILABLE");
      expect(response.body.error.message).toBe("This seller's page is not available.");
    }
  });

  it("answers 404 for someone buyers see nothing of (no listings, or only paused ones)", async () => {
    const quiet = await signedInUser("USER", "sp_quiet");
    expect((await get(quiet.user.id)).status).toBe(404);
    await createListing(quiet.user.id, { status: "paused", locality: "Jos" });
    expect((await get(quiet.user.id)).status).toBe(404);
  });

  it("answers in the reader's language", async () => {
    const response = await call("GET", `/api/sellers/cm0000000000000000000000`, undefined, {
      cookie: buyer.cookie,
      headers: { "Accept-Language": "fr" },
    });
    expect(response.body.error.message).toBe("La page de ce vendeur n'est pas disponible.");
  });

  it("pages the listings on sale; a page that is no number is the first", async () => {
    const busy = await signedInUser("USER", "sp_busy");
    await prisma.listing.createMany({
      data: Array.from({ length: SELLER_PAGE_SIZE + 1 }, (_, index) => ({
        sellerId: busy.user.id,
        title: `Tomatoes ${index}`,
        priceNgn: "1000.00",
        quantity: 1,
        condition: "new" as const,
        status: "active" as const,
        images: [],
        locality: "Jos",
        createdAt: new Date(Date.now() - index * 1000),
      })),
    });
    const first = await get(busy.user.id, buyer, "?page=abc");
    expect(first.body.data).toMatchObject({ page: 1, pages: 2, seller: { onSaleCount: SELLER_PAGE_SIZE + 1 } });
    expect(first.body.data.listings).toHaveLength(SELLER_PAGE_SIZE);
    const second = await get(busy.user.id, buyer, "?page=2");
    expect(second.body.data.page).toBe(2);
    expect(second.body.data.listings.map((listing: { title: string }) => listing.title)).toEqual([
      `Tomatoes ${SELLER_PAGE_SIZE}`,
    ]);
  });
});

describe("the seller on listing lists", () => {
  it("names the seller publicly and says whether their phone is verified, on every listing", async () => {
    const response = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: buyer.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.listings.length).toBeGreaterThan(0);
    for (const listing of response.body.data.listings)
      expect(listing).toMatchObject({ sellerName: "Ngozi A.", sellerPhoneVerified: true });
    expect(JSON.stringify(response.body)).not.toContain(secret.lastName);
  });
});

describe("the page /sellers/{id}", () => {
  it("shows the seller's page to anyone signed in, and sends a visitor to sign in", async () => {
    const page = await call("GET", `/sellers/${seller.user.id}`, undefined, { cookie: buyer.cookie });
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain("Ngozi A.");
    expect(html).toContain("Phone verified");
    expect(html).not.toContain(secret.email);
    expect(html).not.toContain(PHONE_DIGITS);
    expect(html).not.toContain(secret.farm);
    const visitor = await call("GET", `/sellers/${seller.user.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/auth?redirectTo=");
  });

  it("is the app's Page Not Found for an unknown or suspended seller", async () => {
    const page = await call("GET", `/sellers/cm0000000000000000000000`, undefined, { cookie: buyer.cookie });
    expect(page.status).toBe(404);
    expect(String(page.body)).toContain("Page Not Found");
  });
});
