import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpSearchGeneration } from "~/modules/search/answer-cache.server";
import { recordIndexChange, searchBackend, sweepIndexChanges } from "~/modules/search/indexing.server";
import { productDocument } from "../../search/documents";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// GET /api/search over HTTP against the real database: documents are indexed as the worker's
// sweep indexes them (each write records its change in the outbox, then the sweep applies it).

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
let buyer: SignedIn;
let farmer: SignedIn;

// A word no other test's data has, so every count below is exact.
const tag = `zq${randomBytes(3).toString("hex")}`;
const LAGOS = { latitude: 6.5244, longitude: 3.3792 };
const IBADAN = { latitude: 7.3775, longitude: 3.947 };
const ids = { cassava: "", sorghum: "", listingLagos: "", listingIbadan: "", farm: "" };

beforeAll(async () => {
  buyer = await signedInUser("USER", "search_buyer");
  farmer = await signedInUser("USER", "search_farmer");
  const cassava = await createProduct({
    name: `Cassava Tubers ${tag}`,
    description: "Fresh cassava from Oyo",
    categories: ["Root Vegetables"],
  });
  const sorghum = await createProduct({ name: `Guinea Corn ${tag}`, unit: "kg" });
  const listing = (productId: string, place: typeof LAGOS, locality: string) =>
    createListing(farmer.user.id, { productId, priceNgn: "12500.00", quantity: 4, locality, ...place });
  const lagos = await listing(cassava.id, LAGOS, "Lagos");
  const ibadan = await listing(sorghum.id, IBADAN, "Ibadan");
  const farm = await prisma.farm.create({
    data: {
      ownerId: farmer.user.id,
      name: `Green Acres ${tag}`,
      description: "Cassava and maize",
      crops: ["cassava"],
      centerLat: LAGOS.latitude,
      centerLng: LAGOS.longitude,
      geohash: "s14",
    },
  });
  Object.assign(ids, {
    cassava: cassava.id,
    sorghum: sorghum.id,
    listingLagos: lagos.id,
    listingIbadan: ibadan.id,
    farm: farm.id,
  });
  await prisma.$transaction(async (tx) => {
    await recordIndexChange(tx, "product", cassava.id);
    await recordIndexChange(tx, "product", sorghum.id);
    await recordIndexChange(tx, "listing", lagos.id);
    await recordIndexChange(tx, "listing", ibadan.id);
    await recordIndexChange(tx, "farm", farm.id);
  });
  await sweepIndexChanges(0);
});

afterAll(async () => {
  await searchBackend().remove([
    `product_${ids.cassava}`,
    `product_${ids.sorghum}`,
    `listing_${ids.listingLagos}`,
    `listing_${ids.listingIbadan}`,
    `farm_${ids.farm}`,
  ]);
  await prisma.farm.deleteMany({ where: { id: ids.farm } });
});

const get = (query: string, who: SignedIn | null = buyer) =>
  call("GET", `/api/search?${query}`, undefined, { cookie: who?.cookie });
const q = (text: string) => encodeURIComponent(text);

describe("GET /api/search", () => {
  it("is for signed-in users only", async () => {
    const response = await get(`q=${tag}`, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: expect.stringMatching(/^AUTH_/) } });
  });

  it("answers products, listings and farms, each result in the same shape, privately", async () => {
    const response = await get(`q=${q(`  cassava ${tag}  `)}`, farmer);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/private/);
    expect(Object.keys(response.body).sort()).toEqual(["data", "success"]);
    expect(response.body.success).toBe(true);
    const data = response.body.data;
    expect(Object.keys(data).sort()).toEqual(["farms", "listings", "products", "query", "total"]);
    // The text is trimmed.
    expect(data.query).toBe(`cassava ${tag}`);
    expect(data.products).toEqual([
      {
        id: ids.cassava,
        type: "product",
        entityId: ids.cassava,
        title: `Cassava Tubers ${tag}`,
        snippet: "Fresh cassava from Oyo",
        geoGeohash: null,
        priceNgn: null,
        unit: "bags",
        status: "active",
        locality: null,
        image: null,
        distanceKm: null,
        matched: expect.arrayContaining(["cassava", tag]),
      },
    ]);
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({
      id: ids.listingLagos,
      type: "listing",
      title: `Cassava Tubers ${tag}`,
      priceNgn: 12500,
      unit: "bags",
      status: "active",
      locality: "Lagos",
      image: "/images/products/maize.svg",
      geoGeohash: expect.stringMatching(/^s1/),
    });
    expect(Object.keys(data.listings[0]).sort()).toEqual(Object.keys(data.products[0]).sort());
    // The farm's description names cassava: its owner finds it.
    expect(data.farms.map((farm: { id: string }) => farm.id)).toEqual([ids.farm]);
    expect(data.total).toBe(3);
  });

  it("finds a product through a typo", async () => {
    const response = await get(`q=${q(`casava ${tag}`)}&types=product`);
    expect(response.status).toBe(200);
    expect(response.body.data.products.map((product: { id: string }) => product.id)).toEqual([ids.cassava]);
    expect(response.body.data.listings).toEqual([]);
  });

  it("answers a repeated search from memory until the index changes", async () => {
    const query = `q=${q(`cassava ${tag}`)}&types=product`;
    const productIds = (response: Awaited<ReturnType<typeof get>>) =>
      response.body.data.products.map((product: { id: string }) => product.id);
    expect(productIds(await get(query))).toEqual([ids.cassava]);
    // A document the index takes in without its generation moving is not seen yet...
    const extra = productDocument({
      id: `cache_${tag}`,
      name: `Cassava Chips ${tag}`,
      description: null,
      categories: ["Root Vegetables"],
      unit: "kg",
      isActive: true,
      updatedAt: new Date(),
    });
    await searchBackend().upsert([extra]);
    try {
      expect(productIds(await get(query))).toEqual([ids.cassava]);
      // ...and is, once the indexing says the index changed (it does after every change it applies).
      await bumpSearchGeneration();
      expect(productIds(await get(query)).sort()).toEqual([ids.cassava, `cache_${tag}`].sort());
    } finally {
      await searchBackend().remove([extra.id]);
      await bumpSearchGeneration();
    }
    expect(productIds(await get(query))).toEqual([ids.cassava]);
  });

  it("shows a farm to its owner only", async () => {
    const owner = await get(`q=${q(`green acres ${tag}`)}&types=farm`, farmer);
    expect(owner.body.data.farms.map((farm: { id: string }) => farm.id)).toEqual([ids.farm]);
    const other = await get(`q=${q(`green acres ${tag}`)}&types=farm`, buyer);
    expect(other.status).toBe(200);
    expect(other.body.data.farms).toEqual([]);
    expect(other.body.data.total).toBe(0);
  });

  it("keeps to a radius and gives each result's distance", async () => {
    const near = await get(`q=${tag}&types=listing&lat=${LAGOS.latitude}&lng=${LAGOS.longitude}&radius_km=50`);
    expect(near.status).toBe(200);
    expect(near.body.data.listings.map((listing: { id: string }) => listing.id)).toEqual([ids.listingLagos]);
    expect(near.body.data.listings[0].distanceKm).toBe(0);
    const wide = await get(`q=${tag}&types=listing&lat=${LAGOS.latitude}&lng=${LAGOS.longitude}&radius_km=150`);
    const distances = wide.body.data.listings.map((listing: { id: string; distanceKm: number }) => [
      listing.id,
      listing.distanceKm,
    ]);
    expect(distances[0]).toEqual([ids.listingLagos, 0]);
    expect(distances[1]![0]).toBe(ids.listingIbadan);
    expect(distances[1]![1]).toBeGreaterThan(105);
    expect(distances[1]![1]).toBeLessThan(120);
    // Without a point, no distance.
    const plain = await get(`q=${tag}&types=listing`);
    expect(
      plain.body.data.listings.every((listing: { distanceKm: number | null }) => listing.distanceKm === null),
    ).toBe(true);
  });

  it("takes the types as a comma list and the limit per kind", async () => {
    const response = await get(`q=${tag}&types=${q("listing, product")}&limit=1`);
    expect(response.status).toBe(200);
    expect(response.body.data.products).toHaveLength(1);
    expect(response.body.data.listings).toHaveLength(1);
    expect(response.body.data.farms).toEqual([]);
  });

  it.each([
    ["types=user", "VLD_REQUIRED_FIELD"],
    ["types=product,shop", "VLD_REQUIRED_FIELD"],
    ["lat=91&lng=3", "VLD_INVALID_GPS_COORDS"],
    ["lat=6&lng=-181", "VLD_INVALID_GPS_COORDS"],
    ["lat=abc&lng=3", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5", "VLD_INVALID_GPS_COORDS"],
    ["lng=3.3", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=0", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=-5", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=ten", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=501", "VLD_INVALID_GPS_COORDS"],
    ["radius_km=10", "VLD_INVALID_GPS_COORDS"],
    ["limit=0", "VLD_REQUIRED_FIELD"],
    ["limit=51", "VLD_REQUIRED_FIELD"],
    ["limit=2.5", "VLD_REQUIRED_FIELD"],
    ["limit=many", "VLD_REQUIRED_FIELD"],
    [`q=${"a".repeat(201)}`, "VLD_REQUIRED_FIELD"],
  ])("refuses %s with 400 %s", async (query, code) => {
    const response = await get(`q=${tag}&${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
  });
});

describe("the /search page", () => {
  it("renders the results on the server, matched words marked", async () => {
    const response = await call("GET", `/search?q=${q(`cassava ${tag}`)}&types=product`, undefined, {
      cookie: buyer.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<mark class="`);
    expect(response.body).toMatch(/>Cassava<\/mark>/);
    expect(response.body).toContain(`Tubers`);
  });

  it("shows the page for filters in the address that cannot be used", async () => {
    for (const query of ["q=%00", "types=user", "lat=abc&lng=3", "lat=95&lng=3&radius=7", `q=${"a".repeat(300)}`]) {
      const response = await call("GET", `/search?${query}`, undefined, { cookie: buyer.cookie });
      expect(response.status, query).toBe(200);
    }
    expect((await get("q=%00")).body).toMatchObject({ success: false, error: { code: "VLD_REQUIRED_FIELD" } });
  });

  it("says 'Error searching: ' and why when the search fails", async () => {
    // The backend is one per process, shared with the server running in this process.
    const backend = searchBackend();
    const search = backend.search;
    backend.search = () => Promise.reject(new Error("search backend down"));
    try {
      const page = await call("GET", `/search?q=${tag}`, undefined, { cookie: buyer.cookie });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Error searching: search is not available right now. Please try again in a moment.");
      const api = await get(`q=${tag}`);
      expect(api.status).toBe(500);
      expect(api.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
    } finally {
      backend.search = search;
    }
  });

  it("sends a signed-out reader to sign in", async () => {
    const response = await call("GET", "/search?q=maize");
    expect(response.status).toBe(302);
  });
});

describe("how often one account may search", () => {
  it("allows 60 searches a minute, from any address, counting listing word searches too; the 61st is refused with Retry-After", async () => {
    const reader = await signedInUser("USER", "search_eager");
    const other = await signedInUser("USER", "search_calm");
    // Half through /api/search, half through the listings' word search, each from an address of its own.
    for (let index = 0; index < 60; index += 1) {
      const path = index % 2 === 0 ? `/api/search?q=${tag}` : `/api/market/listings?search=${tag}`;
      const answer = await call("GET", path, undefined, { cookie: reader.cookie });
      expect(answer.status, `search ${index + 1}`).toBe(200);
    }
    // Browsing without words is not a search.
    expect((await call("GET", "/api/market/listings?limit=5", undefined, { cookie: reader.cookie })).status).toBe(200);

    const refused = await call("GET", `/api/search?q=${tag}`, undefined, { cookie: reader.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: {
        code: "RATE_LIMIT_EXCEEDED",
        message: "Too many searches in a short time. Please wait a minute and search again.",
      },
    });
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await call("GET", `/api/market/listings?search=${tag}`, undefined, { cookie: reader.cookie })).status).toBe(
      429,
    );
    const hausa = await call("GET", `/api/search?q=${tag}`, undefined, { cookie: `${reader.cookie}; asiiko-lang=ha` });
    expect(hausa.body.error.message).toBe(
      "Bincike ya yi yawa cikin ɗan lokaci. Da fatan a jira minti ɗaya sannan a sake nema.",
    );

    // The pages say it too: the search page in its results' place, the marketplace with Try Again.
    const page = await call("GET", `/search?q=${tag}`, undefined, { cookie: reader.cookie });
    expect(page.status).toBe(429);
    expect(page.body).toContain(
      "Error searching: Too many searches in a short time. Please wait a minute and search again.",
    );
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    const market = await call("GET", `/marketplace?search=${tag}`, undefined, { cookie: reader.cookie });
    expect(market.status).toBe(429);
    expect(Number(market.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(market.body).toContain("Too many searches in a short time. Please wait a minute and search again.");
    expect(market.body).toContain("Try Again");
    expect((await call("GET", "/marketplace", undefined, { cookie: reader.cookie })).status).toBe(200);

    // Another account searches on.
    expect((await call("GET", `/api/search?q=${tag}`, undefined, { cookie: other.cookie })).status).toBe(200);
  });
});
