import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  indexPendingChanges,
  indexingActions,
  signedInUser,
  uniqueName,
  type SignedIn,
} from "../../tests/support/api-client";
import { createListing, createProduct, uploadedPhoto } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// The marketplace listings API over HTTP (GET/POST /api/market/listings,
// PATCH/DELETE /api/market/listings/{id}), against the real database and Redis.
// The database is shared with the other integration files: every test makes
// its own users, products and listings and filters on them.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let buyer: SignedIn;

beforeAll(async () => {
  buyer = await signedInUser("USER", "buyer");
});

const LAGOS = { latitude: 6.5244, longitude: 3.3792 };

async function makeProduct(overrides: Partial<Prisma.ProductUncheckedCreateInput> = {}) {
  return createProduct({
    name: uniqueName("Yellow Maize"),
    images: ["/images/products/maize.svg"],
    ...overrides,
  });
}

let clock = Date.now() - 3600_000;
/**
 * A listing made directly in the database, its search-index change recorded as the app's own
 * writes record it (indexPendingChanges applies it); each one a second newer than the last.
 */
async function makeListing(sellerId: string, overrides: Partial<Prisma.ListingUncheckedCreateInput> = {}) {
  clock += 1000;
  return createListing(
    sellerId,
    { quantity: 10, images: ["/images/products/grains-cereals.svg"], createdAt: new Date(clock), ...overrides },
    { indexed: true },
  );
}

function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    productId: null,
    // Not in the catalogue: the seller's own title names it.
    title: "Yellow maize in 50 kg bags",
    priceNgn: "2500.00",
    quantity: 20,
    condition: "new",
    images: ["/images/products/maize.svg"],
    latitude: String(LAGOS.latitude),
    longitude: String(LAGOS.longitude),
    locality: "Ikeja, Lagos",
    status: "active",
    ...overrides,
  };
}

const ids = (response: { body: { data: { listings: { id: string }[] } } }) =>
  response.body.data.listings.map((listing) => listing.id);

function query(params: Record<string, string | number>) {
  return `/api/market/listings?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;
}

describe("GET /api/market/listings", () => {
  it("answers 401 AUTH_SESSION_EXPIRED when signed out", async () => {
    const response = await call("GET", "/api/market/listings");
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });

  it("answers { success, data: { listings, total } } with each listing's product, and no distance without a location", async () => {
    const seller = await signedInUser("USER", "seller");
    const product = await makeProduct({ categories: ["Grains & Cereals", "Seeds & Fertilizers"], unit: "bags" });
    const listing = await makeListing(seller.user.id, {
      productId: product.id,
      priceNgn: "18000.50",
      quantity: 40,
      condition: "used_good",
      locality: "Kano",
      latitude: 12.0022,
      longitude: 8.592,
    });

    const response = await call("GET", query({ seller_id: seller.user.id }), undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.body.success).toBe(true);
    expect(response.body.data.total).toBe(1);
    expect(response.body.data.listings).toHaveLength(1);
    const [item] = response.body.data.listings;
    expect(item).toMatchObject({
      id: listing.id,
      productId: product.id,
      seller_id: seller.user.id,
      priceNgn: "18000.50",
      quantity: 40,
      condition: "used_good",
      status: "active",
      images: ["/images/products/grains-cereals.svg"],
      // A buyer is told the place to about a kilometre (its seller, exactly: listing-places.integration.test.ts).
      latitude: 12,
      longitude: 8.59,
      locality: "Kano",
      product: {
        id: product.id,
        name: product.name,
        unit: "bags",
        images: ["/images/products/maize.svg"],
        categories: ["Grains & Cereals", "Seeds & Fertilizers"],
      },
    });
    expect(item).not.toHaveProperty("distanceKm");
  });

  it("searches names (any case, a typo, a local name), categories and localities through the search engine", async () => {
    const seller = await signedInUser("USER", "seller");
    const token = uniqueName("tok").replace("_", "");
    const maize = await makeProduct({ name: `Golden Maize ${token}` });
    const cassava = await makeProduct({ name: `Cassava Flour ${token}`, categories: ["Root Vegetables"] });
    const byName = await makeListing(seller.user.id, { productId: maize.id });
    const byLocalName = await makeListing(seller.user.id, { productId: cassava.id });
    const byLocality = await makeListing(seller.user.id, { locality: `Zaria, Kaduna ${token}` });
    await makeListing(seller.user.id, { locality: "Ibadan" });
    await indexPendingChanges();

    const upper = await call("GET", query({ search: `GOLDEN MAIZE ${token.toUpperCase()}` }), undefined, {
      cookie: buyer.cookie,
    });
    expect(upper.status).toBe(200);
    expect(ids(upper)).toEqual([byName.id]);

    const any = await call("GET", query({ search: token }), undefined, { cookie: buyer.cookie });
    expect(ids(any).sort()).toEqual([byName.id, byLocalName.id, byLocality.id].sort());
    expect(any.body.data.total).toBe(3);

    // A typo, the Hausa and Yoruba names of cassava, a category, a town.
    for (const words of [`casava ${token}`, `rogo ${token}`, `gbaguda ${token}`, `root vegetables ${token}`]) {
      const found = await call("GET", query({ search: words }), undefined, { cookie: buyer.cookie });
      expect(ids(found), words).toEqual([byLocalName.id]);
    }
    expect(ids(await call("GET", query({ search: `zaria ${token}` }), undefined, { cookie: buyer.cookie }))).toEqual([
      byLocality.id,
    ]);
    // The last word is still being typed: its beginning finds it.
    expect(
      ids(await call("GET", query({ search: `golden ${token.slice(0, -2)}` }), undefined, { cookie: buyer.cookie })),
    ).toEqual([byName.id]);
    // Only letters and digits reach the engine; punctuation alone finds nothing and breaks nothing.
    for (const words of ["!!!", "' OR 1=1 --", `${token} & | !`]) {
      const odd = await call("GET", query({ search: words }), undefined, { cookie: buyer.cookie });
      expect(odd.status, words).toBe(200);
    }

    const none = await call("GET", query({ search: uniqueName("nothing") }), undefined, { cookie: buyer.cookie });
    expect(none.body.data).toEqual({ listings: [], total: 0, totalCapped: false });
  });

  it("follows a change of a listing into the search results once its change is applied", async () => {
    const seller = await signedInUser("USER", "seller");
    const token = uniqueName("chg").replace("_", "");
    const made = await call("POST", "/api/market/listings", listingBody({ title: `Tarpaulin sheets ${token}` }), {
      cookie: seller.cookie,
    });
    expect(made.status).toBe(201);
    await indexPendingChanges();
    const find = async (words: string) =>
      ids(await call("GET", query({ search: words }), undefined, { cookie: buyer.cookie }));
    expect(await find(`tarpaulin ${token}`)).toEqual([made.body.data.listing.id]);
    const renamed = await call(
      "PATCH",
      `/api/market/listings/${made.body.data.listing.id}`,
      listingBody({ title: `Wheelbarrow parts ${token}` }),
      { cookie: seller.cookie },
    );
    expect(renamed.status).toBe(200);
    await indexPendingChanges();
    expect(await find(`tarpaulin ${token}`)).toEqual([]);
    expect(await find(`wheelbarrow ${token}`)).toEqual([made.body.data.listing.id]);
    const deleted = await call("DELETE", `/api/market/listings/${made.body.data.listing.id}`, undefined, {
      cookie: seller.cookie,
    });
    expect(deleted.status).toBe(200);
    await indexPendingChanges();
    expect(await find(`wheelbarrow ${token}`)).toEqual([]);
  });

  it("filters by categories (a comma list), condition and price range", async () => {
    const seller = await signedInUser("USER", "seller");
    const grains = await makeProduct({ categories: ["Grains & Cereals"] });
    const beans = await makeProduct({ categories: ["Legumes & Pulses"] });
    const tractor = await makeProduct({ categories: ["Farm Equipment"] });
    const a = await makeListing(seller.user.id, { productId: grains.id, condition: "new", priceNgn: "1000.00" });
    const b = await makeListing(seller.user.id, { productId: beans.id, condition: "used_good", priceNgn: "2500.50" });
    const c = await makeListing(seller.user.id, { productId: tractor.id, condition: "used_fair", priceNgn: "4000.00" });
    const d = await makeListing(seller.user.id, { condition: "used_like_new", priceNgn: "2500.49" });
    const get = async (params: Record<string, string | number>) => {
      const response = await call("GET", query({ seller_id: seller.user.id, ...params }), undefined, {
        cookie: buyer.cookie,
      });
      expect(response.status).toBe(200);
      expect(response.body.data.total).toBe(response.body.data.listings.length);
      return ids(response).sort();
    };

    expect(await get({})).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(await get({ categories: "Grains & Cereals,Legumes & Pulses" })).toEqual([a.id, b.id].sort());
    expect(await get({ categories: "Farm Equipment" })).toEqual([c.id]);
    expect(await get({ categories: "Dairy Products" })).toEqual([]);
    expect(await get({ condition: "new,used_good" })).toEqual([a.id, b.id].sort());
    expect(await get({ condition: "used_like_new" })).toEqual([d.id]);
    // Both bounds are inclusive, to the kobo.
    expect(await get({ price_min: "2500.50" })).toEqual([b.id, c.id].sort());
    expect(await get({ price_max: "2500.50" })).toEqual([a.id, b.id, d.id].sort());
    expect(await get({ price_min: 1000, price_max: 2500.49 })).toEqual([a.id, d.id].sort());
    expect(
      await get({ categories: "Grains & Cereals,Legumes & Pulses", condition: "used_good", price_max: 3000 }),
    ).toEqual([b.id]);

    const unknownCategory = await call("GET", query({ categories: "Moon Rocks" }), undefined, { cookie: buyer.cookie });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.code).toBe("VLD_INVALID_CROP_TYPE");
  });

  it("finds listings within the radius only, with distanceKm, sorted by distance with sort=distance", async () => {
    const seller = await signedInUser("USER", "seller");
    // One degree of latitude is 111.2 km on the mean Earth radius.
    const near = await makeListing(seller.user.id, { ...LAGOS });
    const oneDegree = await makeListing(seller.user.id, { latitude: LAGOS.latitude + 1, longitude: LAGOS.longitude });
    const ilorin = await makeListing(seller.user.id, { latitude: 8.4966, longitude: 4.5421 });
    // Abuja is about 526 km away: beyond even the largest radius.
    await makeListing(seller.user.id, { latitude: 9.0765, longitude: 7.3986 });
    await makeListing(seller.user.id, { latitude: null, longitude: null });
    await makeListing(seller.user.id, { ...LAGOS, status: "paused" });
    const at = { seller_id: seller.user.id, lat: LAGOS.latitude, lng: LAGOS.longitude };
    await indexPendingChanges();

    const byDistance = await call("GET", query({ ...at, radius_km: 150, sort: "distance" }), undefined, {
      cookie: buyer.cookie,
    });
    expect(byDistance.status).toBe(200);
    expect(ids(byDistance)).toEqual([near.id, oneDegree.id]);
    expect(byDistance.body.data.total).toBe(2);
    // A buyer is told distances in whole kilometres; the seller to a tenth (and sees their paused one too).
    expect(byDistance.body.data.listings.map((listing: { distanceKm: number }) => listing.distanceKm)).toEqual([
      0, 111,
    ]);
    const sellersOwn = await call("GET", query({ ...at, radius_km: 150, sort: "distance" }), undefined, {
      cookie: seller.cookie,
    });
    expect(sellersOwn.body.data.listings.map((listing: { distanceKm: number }) => listing.distanceKm)).toEqual([
      0, 0, 111.2,
    ]);

    // Without sort=distance the newest comes first, still with its distance.
    const newest = await call("GET", query({ ...at, radius_km: 150 }), undefined, { cookie: buyer.cookie });
    expect(ids(newest)).toEqual([oneDegree.id, near.id]);
    expect(newest.body.data.listings[0].distanceKm).toBe(111);

    const tight = await call("GET", query({ ...at, radius_km: 100, sort: "distance" }), undefined, {
      cookie: buyer.cookie,
    });
    expect(ids(tight)).toEqual([near.id]);

    const wide = await call("GET", query({ ...at, radius_km: 500, sort: "distance" }), undefined, {
      cookie: buyer.cookie,
    });
    expect(ids(wide)).toEqual([near.id, oneDegree.id, ilorin.id]);
    // Lagos to Ilorin is about 254 km as the crow flies.
    const ilorinKm = wide.body.data.listings[2].distanceKm;
    expect(ilorinKm).toBeGreaterThan(245);
    expect(ilorinKm).toBeLessThan(265);

    // The default radius is 50 km.
    const defaultRadius = await call("GET", query(at), undefined, { cookie: buyer.cookie });
    expect(ids(defaultRadius)).toEqual([near.id]);

    // limit and offset cut the sorted list; total counts all within the radius.
    const second = await call(
      "GET",
      query({ ...at, radius_km: 500, sort: "distance", limit: 1, offset: 1 }),
      undefined,
      { cookie: buyer.cookie },
    );
    expect(ids(second)).toEqual([oneDegree.id]);
    expect(second.body.data.total).toBe(3);
  });

  it("finds a listing within the radius across the 180th meridian", async () => {
    const seller = await signedInUser("USER", "seller");
    // Two points on the equator 0.2 degrees of longitude apart (22.2 km), on either side of 180°.
    const east = await makeListing(seller.user.id, { latitude: 0, longitude: 179.9 });
    await indexPendingChanges();
    const response = await call(
      "GET",
      query({ seller_id: seller.user.id, lat: 0, lng: -179.9, radius_km: 50 }),
      undefined,
      { cookie: buyer.cookie },
    );
    expect(response.status).toBe(200);
    // A radius that crosses the 180th meridian wraps around it.
    expect(ids(response)).toEqual([east.id]);
    expect(response.body.data.listings[0]?.distanceKm).toBe(22);
  });

  it("filters by seller_id, and sorts by newest, price_low and price_high", async () => {
    const seller = await signedInUser("USER", "seller");
    const other = await signedInUser("USER", "seller");
    const oldest = await makeListing(seller.user.id, { priceNgn: "300.00" });
    const middle = await makeListing(seller.user.id, { priceNgn: "100.50" });
    const newestListing = await makeListing(seller.user.id, { priceNgn: "2000.00" });
    await makeListing(other.user.id, { priceNgn: "150.00" });

    const get = (sort?: string) =>
      call("GET", query({ seller_id: seller.user.id, ...(sort ? { sort } : {}) }), undefined, { cookie: buyer.cookie });
    expect(ids(await get())).toEqual([newestListing.id, middle.id, oldest.id]);
    expect(ids(await get("newest"))).toEqual([newestListing.id, middle.id, oldest.id]);
    const low = await get("price_low");
    expect(ids(low)).toEqual([middle.id, oldest.id, newestListing.id]);
    expect(low.body.data.listings.map((listing: { priceNgn: string }) => listing.priceNgn)).toEqual([
      "100.50",
      "300.00",
      "2000.00",
    ]);
    expect(ids(await get("price_high"))).toEqual([newestListing.id, oldest.id, middle.id]);
    expect(
      (await get()).body.data.listings.every((listing: { seller_id: string }) => listing.seller_id === seller.user.id),
    ).toBe(true);

    const badSort = await call("GET", query({ sort: "cheapest" }), undefined, { cookie: buyer.cookie });
    expect(badSort.status).toBe(400);
    expect(badSort.body.error.fields).toHaveProperty("sort");
  });

  it("pages with limit and offset and answers the total of all matches", async () => {
    const seller = await signedInUser("USER", "seller");
    const made = [];
    for (let index = 0; index < 5; index += 1) made.push(await makeListing(seller.user.id));
    const newestFirst = made.map((listing) => listing.id).reverse();

    const pages: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await call("GET", query({ seller_id: seller.user.id, limit: 2, offset }), undefined, {
        cookie: buyer.cookie,
      });
      expect(page.status).toBe(200);
      expect(page.body.data.total).toBe(5);
      expect(page.body.data.listings.length).toBe(offset === 4 ? 1 : 2);
      pages.push(...ids(page));
    }
    expect(pages).toEqual(newestFirst);

    const past = await call("GET", query({ seller_id: seller.user.id, limit: 2, offset: 5 }), undefined, {
      cookie: buyer.cookie,
    });
    expect(past.body.data).toEqual({ listings: [], total: 5, totalCapped: false });

    for (const limit of [0, 101]) {
      const bad = await call("GET", query({ limit }), undefined, { cookie: buyer.cookie });
      expect(bad.status).toBe(400);
    }
  });

  it("says the answer may be kept and asked about again: an ETag, then 304 until a listing changes", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await makeListing(seller.user.id);
    const path = query({ seller_id: seller.user.id });
    const first = await call("GET", path, undefined, { cookie: buyer.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^W\/".+"$/);

    const same = await call("GET", path, undefined, { cookie: buyer.cookie, headers: { "If-None-Match": tag! } });
    expect(same.status).toBe(304);
    expect(same.body).toBeNull();

    const sold = await call(
      "PATCH",
      `/api/market/listings/${listing.id}`,
      { status: "sold" },
      { cookie: seller.cookie },
    );
    expect(sold.status).toBe(200);
    const changed = await call("GET", path, undefined, { cookie: buyer.cookie, headers: { "If-None-Match": tag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(tag);
    expect(changed.body.data.listings[0].status).toBe("sold");

    // A refusal is never kept, nor answered 304.
    const signedOut = await call("GET", path, undefined, { headers: { "If-None-Match": tag! } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("etag")).toBeNull();
  });

  it("hides other sellers' paused listings from buyers; a seller sees their own with seller_id", async () => {
    const seller = await signedInUser("USER", "seller");
    const token = uniqueName("vis");
    const product = await makeProduct({ name: `Cassava ${token}` });
    const active = await makeListing(seller.user.id, { productId: product.id, status: "active" });
    const paused = await makeListing(seller.user.id, { productId: product.id, status: "paused" });
    const sold = await makeListing(seller.user.id, { productId: product.id, status: "sold" });
    await indexPendingChanges();

    const asBuyer = await call("GET", query({ seller_id: seller.user.id }), undefined, { cookie: buyer.cookie });
    expect(ids(asBuyer).sort()).toEqual([active.id, sold.id].sort());
    expect(asBuyer.body.data.total).toBe(2);
    const buyerAsksPaused = await call("GET", query({ seller_id: seller.user.id, status: "paused" }), undefined, {
      cookie: buyer.cookie,
    });
    expect(buyerAsksPaused.body.data).toEqual({ listings: [], total: 0, totalCapped: false });
    const buyerSearch = await call("GET", query({ search: token, status: "active,paused,sold" }), undefined, {
      cookie: buyer.cookie,
    });
    expect(ids(buyerSearch).sort()).toEqual([active.id, sold.id].sort());

    const own = await call("GET", query({ seller_id: seller.user.id }), undefined, { cookie: seller.cookie });
    expect(ids(own).sort()).toEqual([active.id, paused.id, sold.id].sort());
    expect(own.body.data.total).toBe(3);
    const ownPaused = await call("GET", query({ seller_id: seller.user.id, status: "paused" }), undefined, {
      cookie: seller.cookie,
    });
    expect(ids(ownPaused)).toEqual([paused.id]);
    const ownTwo = await call("GET", query({ seller_id: seller.user.id, status: "active,sold" }), undefined, {
      cookie: seller.cookie,
    });
    expect(ids(ownTwo).sort()).toEqual([active.id, sold.id].sort());

    const badStatus = await call("GET", query({ status: "archived" }), undefined, { cookie: buyer.cookie });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.fields).toHaveProperty(["status.0"]);
  });

  it.each([
    ["lat without lng", { lat: 6.5 }, "VLD_INVALID_GPS_COORDS", "lat"],
    ["lng without lat", { lng: 3.3 }, "VLD_INVALID_GPS_COORDS", "lat"],
    ["sort=distance without a location", { sort: "distance" }, "VLD_REQUIRED_FIELD", "sort"],
    ["radius_km=0", { lat: 6.5, lng: 3.3, radius_km: 0 }, "VLD_INVALID_GPS_COORDS", "radius_km"],
    ["radius_km=501", { lat: 6.5, lng: 3.3, radius_km: 501 }, "VLD_INVALID_GPS_COORDS", "radius_km"],
    ["lat=91", { lat: 91, lng: 3.3 }, "VLD_INVALID_GPS_COORDS", "lat"],
    ["a negative price_min", { price_min: -1 }, "VLD_INVALID_PRICE", "price_min"],
    ["a non-numeric price_max", { price_max: "cheap" }, "VLD_INVALID_PRICE", "price_max"],
  ])("refuses %s with 400", async (_case, params, code, field) => {
    const response = await call("GET", query(params), undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.fields).toHaveProperty([field]);
  });
});

describe("POST /api/market/listings", () => {
  it("creates a listing of the signed-in seller: 201, data.listing, the row, and a search-indexing upsert", async () => {
    const seller = await signedInUser("USER", "seller");
    const product = await makeProduct({ categories: ["Fruits & Vegetables"], unit: "crates" });
    const response = await call(
      "POST",
      "/api/market/listings",
      listingBody({ productId: product.id, status: undefined }),
      { cookie: seller.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const listing = response.body.data.listing;
    expect(listing).toMatchObject({
      productId: product.id,
      sellerId: seller.user.id,
      seller_id: seller.user.id,
      priceNgn: "2500.00",
      quantity: 20,
      condition: "new",
      status: "active",
      images: ["/images/products/maize.svg"],
      latitude: LAGOS.latitude,
      longitude: LAGOS.longitude,
      locality: "Ikeja, Lagos",
      product: { id: product.id, name: product.name, unit: "crates", categories: ["Fruits & Vegetables"] },
    });

    const row = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
    expect(row).toMatchObject({
      sellerId: seller.user.id,
      productId: product.id,
      quantity: 20,
      condition: "new",
      status: "active",
      latitude: LAGOS.latitude,
      longitude: LAGOS.longitude,
      locality: "Ikeja, Lagos",
    });
    expect(row.priceNgn.toFixed(2)).toBe("2500.00");
    expect(row.geohash).toMatch(/^[0-9b-hjkmnp-z]{9}$/);
    expect(await indexingActions("listing", listing.id)).toEqual(["upsert"]);
  });

  it("keeps the exact price: 12500.50 is stored and answered as 12500.50", async () => {
    const seller = await signedInUser("USER", "seller");
    const response = await call("POST", "/api/market/listings", listingBody({ priceNgn: "12500.50" }), {
      cookie: seller.cookie,
    });
    expect(response.status).toBe(201);
    expect(response.body.data.listing.priceNgn).toBe("12500.50");
    const row = await prisma.listing.findUniqueOrThrow({ where: { id: response.body.data.listing.id } });
    expect(row.priceNgn.toFixed(2)).toBe("12500.50");
    expect(row.priceNgn.equals("12500.5")).toBe(true);
    const listed = await call("GET", query({ seller_id: seller.user.id }), undefined, { cookie: seller.cookie });
    expect(listed.body.data.listings[0].priceNgn).toBe("12500.50");
  });

  it.each([
    ["price 1", { priceNgn: "1" }, "1.00"],
    ["price 10000000", { priceNgn: "10000000" }, "10000000.00"],
    ["quantity 1", { quantity: 1 }, "2500.00"],
    ["quantity 100000", { quantity: 100000 }, "2500.00"],
  ])("accepts the boundary %s", async (_case, overrides, price) => {
    const seller = await signedInUser("USER", "seller");
    const response = await call("POST", "/api/market/listings", listingBody(overrides), { cookie: seller.cookie });
    expect(response.status).toBe(201);
    const row = await prisma.listing.findUniqueOrThrow({ where: { id: response.body.data.listing.id } });
    expect(row.priceNgn.toFixed(2)).toBe(price);
    expect(row.quantity).toBe((overrides as { quantity?: number }).quantity ?? 20);
  });

  it("creates a listing without a product link and without a location", async () => {
    const seller = await signedInUser("USER", "seller");
    const response = await call(
      "POST",
      "/api/market/listings",
      listingBody({ latitude: "", longitude: "", locality: "" }),
      { cookie: seller.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body.data.listing).toMatchObject({
      productId: null,
      product: null,
      title: "Yellow maize in 50 kg bags",
      latitude: null,
      longitude: null,
      locality: null,
    });
    const row = await prisma.listing.findUniqueOrThrow({ where: { id: response.body.data.listing.id } });
    expect(row.geohash).toBeNull();
  });

  const price = "Price must be between ₦1 and ₦10,000,000";
  it.each([
    ["price 0", { priceNgn: "0" }, "VLD_INVALID_PRICE", "priceNgn", price],
    ["price 0.001", { priceNgn: "0.001" }, "VLD_INVALID_PRICE", "priceNgn", price],
    ["price 10000000.01", { priceNgn: "10000000.01" }, "VLD_INVALID_PRICE", "priceNgn", price],
    ["price abc", { priceNgn: "abc" }, "VLD_INVALID_PRICE", "priceNgn", price],
    ["quantity 0", { quantity: 0 }, "VLD_INVALID_QUANTITY", "quantity", "Quantity must be at least 1"],
    ["quantity 100001", { quantity: 100001 }, "VLD_INVALID_QUANTITY", "quantity", "Quantity must be at most 100,000"],
    ["quantity 1.5", { quantity: 1.5 }, "VLD_INVALID_QUANTITY", "quantity", "Quantity must be a whole number"],
    ["an unknown condition", { condition: "broken" }, "VLD_REQUIRED_FIELD", "condition", "Choose a condition"],
    ["an unknown status", { status: "archived" }, "VLD_REQUIRED_FIELD", "status", "Choose a status"],
    ["no images", { images: [] }, "VLD_REQUIRED_FIELD", "images", "At least one image is required"],
    [
      "a javascript: image URL",
      { images: ["javascript:alert(1)"] },
      "VLD_REQUIRED_FIELD",
      "images.0",
      "Enter a photo address starting with https://, or upload a photo",
    ],
    [
      "a data: image URL",
      { images: ["data:image/png;base64,iVBORw0KGgo="] },
      "VLD_REQUIRED_FIELD",
      "images.0",
      "Enter a photo address starting with https://, or upload a photo",
    ],
    [
      // No outside host is allowed unless the operator names it (IMAGE_HOSTS; photo-addresses.integration.test.ts).
      "another website's photo",
      { images: ["https://images.example.ng/maize.jpg"] },
      "VLD_REQUIRED_FIELD",
      "images",
      "This photo cannot be used: upload it with “Upload photo” (links to other websites are not accepted)",
    ],
    ["latitude 91", { latitude: "91" }, "VLD_INVALID_GPS_COORDS", "latitude", "Enter a valid GPS position"],
    ["longitude 181", { longitude: "181" }, "VLD_INVALID_GPS_COORDS", "longitude", "Enter a valid GPS position"],
  ])("refuses %s with 400 and stores nothing", async (_case, overrides, code, field, message) => {
    const seller = await signedInUser("USER", "seller");
    const response = await call("POST", "/api/market/listings", listingBody(overrides), { cookie: seller.cookie });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.fields[field]).toContain(message);
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(0);
  });

  it.each([
    ["only a latitude", { longitude: undefined }],
    ["only a longitude", { latitude: undefined }],
  ])("refuses %s with 400 VLD_INVALID_GPS_COORDS", async (_case, overrides) => {
    const seller = await signedInUser("USER", "seller");
    const response = await call("POST", "/api/market/listings", listingBody(overrides), { cookie: seller.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VLD_INVALID_GPS_COORDS");
    const named = Object.keys(response.body.error.fields).filter((key) => key === "latitude" || key === "longitude");
    expect(named.length).toBeGreaterThan(0);
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(0);
  });

  it("answers 404 MKT_PRODUCT_NOT_FOUND for a product that does not exist or is inactive", async () => {
    const seller = await signedInUser("USER", "seller");
    const inactive = await makeProduct({ isActive: false });
    for (const productId of [uniqueName("no_such_product"), inactive.id]) {
      const response = await call("POST", "/api/market/listings", listingBody({ productId }), {
        cookie: seller.cookie,
      });
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
      expect(response.body.error.fields).toHaveProperty("productId");
    }
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(0);
  });

  it("refuses a body that is not JSON with 415", async () => {
    const seller = await signedInUser("USER", "seller");
    const response = await call("POST", "/api/market/listings", undefined, {
      cookie: seller.cookie,
      raw: "priceNgn=100",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(0);
  });

  it("makes a draft sent twice with the same Idempotency-Key once: the repeat answers the first listing", async () => {
    const seller = await signedInUser("USER", "seller");
    const key = `draft-${uniqueName("key")}-0123456789`;
    // As a draft kept on a phone sends it: JSON booleans, a quantity typed as text, no product.
    const draft = { custom: true, title: "Kept offline: cassava", priceNgn: "4000", quantity: "3", condition: "new" };
    const body = { ...draft, showPhone: false, images: ["/images/products/maize.svg"] };
    const send = () =>
      call("POST", "/api/market/listings", body, { cookie: seller.cookie, headers: { "Idempotency-Key": key } });
    const [first, second] = await Promise.all([send(), send()]);
    // At once: one writes; the other is told to come back (409, Retry-After) or, if later, given the first's answer.
    expect([first.status, second.status]).toContain(201);
    for (const answer of [first, second])
      if (answer.status === 409) {
        expect(answer.body.error.code).toBe("DB_DUPLICATE_ENTRY");
        expect(answer.headers.get("retry-after")).toBe("2");
      } else expect(answer.status).toBe(201);
    const made = first.status === 201 ? first : second;
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.listing.id).toBe(made.body.data.listing.id);
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(1);

    // A refused send (a price out of range) frees its key: the draft, mended, is made with it.
    const mendedKey = `draft-${uniqueName("mend")}-0123456789`;
    const refused = await call(
      "POST",
      "/api/market/listings",
      { ...body, priceNgn: "0" },
      { cookie: seller.cookie, headers: { "Idempotency-Key": mendedKey } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty("priceNgn");
    const mended = await call("POST", "/api/market/listings", body, {
      cookie: seller.cookie,
      headers: { "Idempotency-Key": mendedKey },
    });
    expect(mended.status).toBe(201);
    expect(mended.headers.get("idempotent-replayed")).toBeNull();

    // Another account's send with the same key is its own listing, never the first seller's answer.
    const other = await signedInUser("USER", "seller");
    const theirs = await call("POST", "/api/market/listings", body, {
      cookie: other.cookie,
      headers: { "Idempotency-Key": key },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.listing.id).not.toBe(made.body.data.listing.id);
    expect(theirs.body.data.listing.sellerId).toBe(other.user.id);
    // A key of the wrong shape is refused before anything is written.
    const bad = await call("POST", "/api/market/listings", body, {
      cookie: seller.cookie,
      headers: { "Idempotency-Key": "short" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(2);
  });
});

describe("PATCH and DELETE /api/market/listings/{id} by the seller", () => {
  it("PATCH with the whole form updates every field and queues an upsert", async () => {
    const seller = await signedInUser("USER", "seller");
    const product = await makeProduct();
    const created = await call("POST", "/api/market/listings", listingBody({ productId: product.id }), {
      cookie: seller.cookie,
    });
    const id = created.body.data.listing.id;
    const replacement = await makeProduct({ categories: ["Livestock & Poultry"], unit: "head" });
    const photo = await uploadedPhoto(seller.user.id);

    const response = await call(
      "PATCH",
      `/api/market/listings/${id}`,
      listingBody({
        productId: replacement.id,
        priceNgn: "99999.99",
        quantity: 3,
        condition: "used_fair",
        images: ["/images/products/goat.svg", photo],
        latitude: "9.0765",
        longitude: "7.3986",
        locality: "Abuja",
        status: "sold",
      }),
      { cookie: seller.cookie },
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.listing).toMatchObject({
      id,
      productId: replacement.id,
      priceNgn: "99999.99",
      status: "sold",
      product: { unit: "head" },
    });
    const row = await prisma.listing.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      productId: replacement.id,
      quantity: 3,
      condition: "used_fair",
      images: ["/images/products/goat.svg", photo],
      latitude: 9.0765,
      longitude: 7.3986,
      locality: "Abuja",
      status: "sold",
    });
    expect(row.priceNgn.toFixed(2)).toBe("99999.99");
    expect((await indexingActions("listing", id)).sort()).toEqual(["upsert", "upsert"]);
  });

  it("PATCH with { status } alone changes only the status and queues an upsert", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await makeListing(seller.user.id, { priceNgn: "4321.00", quantity: 7 });
    for (const status of ["paused", "active", "sold", "active"] as const) {
      const response = await call("PATCH", `/api/market/listings/${listing.id}`, { status }, { cookie: seller.cookie });
      expect(response.status).toBe(200);
      expect(response.body.data.listing.status).toBe(status);
      const row = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
      expect(row.status).toBe(status);
      expect(row.priceNgn.toFixed(2)).toBe("4321.00");
      expect(row.quantity).toBe(7);
    }
    expect(await indexingActions("listing", listing.id)).toEqual(["upsert", "upsert", "upsert", "upsert"]);

    const bad = await call(
      "PATCH",
      `/api/market/listings/${listing.id}`,
      { status: "archived" },
      { cookie: seller.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(bad.body.error.fields).toHaveProperty("status");
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe("active");
  });

  it("PATCH with an invalid whole form answers 400 and changes nothing", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await makeListing(seller.user.id);
    const before = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
    const response = await call("PATCH", `/api/market/listings/${listing.id}`, listingBody({ priceNgn: "0" }), {
      cookie: seller.cookie,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VLD_INVALID_PRICE");
    expect(await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).toEqual(before);
  });

  it("lets a listing keep a product deactivated after it was linked, but not link to a deactivated one", async () => {
    const seller = await signedInUser("USER", "seller");
    const kept = await makeProduct();
    const listing = await makeListing(seller.user.id, { productId: kept.id });
    await prisma.product.update({ where: { id: kept.id }, data: { isActive: false } });
    const keep = await call(
      "PATCH",
      `/api/market/listings/${listing.id}`,
      listingBody({ productId: kept.id, priceNgn: "777.00" }),
      { cookie: seller.cookie },
    );
    expect(keep.status).toBe(200);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).priceNgn.toFixed(2)).toBe("777.00");

    const other = await makeListing(seller.user.id);
    const link = await call("PATCH", `/api/market/listings/${other.id}`, listingBody({ productId: kept.id }), {
      cookie: seller.cookie,
    });
    expect(link.status).toBe(404);
    expect(link.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: other.id } })).productId).toBeNull();
  });

  it("DELETE removes the listing for good and queues a delete", async () => {
    const seller = await signedInUser("USER", "seller");
    const created = await call("POST", "/api/market/listings", listingBody(), { cookie: seller.cookie });
    const id = created.body.data.listing.id;
    const response = await call("DELETE", `/api/market/listings/${id}`, undefined, { cookie: seller.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { id } });
    expect(await prisma.listing.findUnique({ where: { id } })).toBeNull();
    expect((await indexingActions("listing", id)).sort()).toEqual(["delete", "upsert"]);

    const again = await call("DELETE", `/api/market/listings/${id}`, undefined, { cookie: seller.cookie });
    expect(again.status).toBe(404);
  });

  it.each([
    ["PATCH (whole form)", "PATCH", listingBody()],
    ["PATCH ({ status })", "PATCH", { status: "paused" }],
    ["DELETE", "DELETE", undefined],
  ])("%s of a listing that does not exist answers 404 DB_RECORD_NOT_FOUND", async (_case, method, body) => {
    const seller = await signedInUser("USER", "seller");
    const response = await call(method, `/api/market/listings/${uniqueName("missing")}`, body, {
      cookie: seller.cookie,
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
  });

  it("answers 405 to other methods", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await makeListing(seller.user.id);
    const put = await call("PUT", `/api/market/listings/${listing.id}`, listingBody(), { cookie: seller.cookie });
    expect(put.status).toBe(405);
    const post = await call("POST", `/api/market/listings/${listing.id}`, listingBody(), { cookie: seller.cookie });
    expect(post.status).toBe(405);
    const collection = await call("PUT", "/api/market/listings", listingBody(), { cookie: seller.cookie });
    expect(collection.status).toBe(405);
  });
});

describe("who may change a listing", () => {
  type Actor = "anonymous" | "another user" | "the seller" | "an administrator";
  type Write = "PATCH (whole form)" | "PATCH ({ status })" | "DELETE";
  const actors: Record<Actor, () => string | undefined> = {
    anonymous: () => undefined,
    "another user": () => other.cookie,
    "the seller": () => seller.cookie,
    "an administrator": () => admin.cookie,
  };
  let seller: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    seller = await signedInUser("USER", "owner");
    other = await signedInUser("USER", "other");
    admin = await signedInUser("ADMIN", "admin");
  });

  const requests: Record<Write, (id: string) => [string, string, unknown]> = {
    "PATCH (whole form)": (id) => [
      "PATCH",
      `/api/market/listings/${id}`,
      listingBody({ priceNgn: "7777.00", status: "sold" }),
    ],
    "PATCH ({ status })": (id) => ["PATCH", `/api/market/listings/${id}`, { status: "paused" }],
    DELETE: (id) => ["DELETE", `/api/market/listings/${id}`, undefined],
  };

  const matrix: [Write, Actor, number, string | null][] = [];
  for (const write of Object.keys(requests) as Write[]) {
    matrix.push(
      [write, "anonymous", 401, "AUTH_SESSION_EXPIRED"],
      [write, "another user", 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
      [write, "an administrator", 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
      [write, "the seller", 200, null],
    );
  }

  it.each(matrix)("%s by %s answers %i", async (write, actor, status, code) => {
    const listing = await makeListing(seller.user.id, { priceNgn: "1234.00", status: "active" });
    const before = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
    const [method, path, body] = requests[write](listing.id);
    const response = await call(method, path, body, { cookie: actors[actor]() });
    expect(response.status).toBe(status);
    const after = await prisma.listing.findUnique({ where: { id: listing.id } });
    if (code) {
      expect(response.body).toMatchObject({ success: false, error: { code } });
      expect(after).toEqual(before);
      expect(await indexingActions("listing", listing.id)).toEqual([]);
      return;
    }
    expect(response.body.success).toBe(true);
    if (write === "DELETE") expect(after).toBeNull();
    else if (write === "PATCH ({ status })")
      expect(after).toMatchObject({ status: "paused", priceNgn: before.priceNgn });
    else {
      expect(after?.status).toBe("sold");
      expect(after?.priceNgn.toFixed(2)).toBe("7777.00");
    }
  });
});
