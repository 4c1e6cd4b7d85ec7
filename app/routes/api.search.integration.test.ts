import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordIndexChange, searchBackend, sweepIndexChanges } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { apiClient, removeCreatedData, signedInUser, trackProduct } from "../../tests/support/api-client";
import { bootWebServer } from "../../tests/support/web";

// GET /api/search over HTTP: the answer's shape, who sees what, and every bad parameter.

let web: Awaited<ReturnType<typeof bootWebServer>>;
const call = apiClient(() => web.baseUrl);
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let seller: Signed;
let buyer: Signed;
const tag = randomBytes(4).toString("hex");
let listingId = "";
let farmId = "";

beforeAll(async () => {
  web = await bootWebServer();
  seller = await signedInUser("USER", "search_seller");
  buyer = await signedInUser("USER", "search_buyer");
  const product = trackProduct(await prisma.product.create({ data: { name: "Fresh Tomatoes", categories: ["Fruits & Vegetables"], unit: "baskets" } }));
  const written = await call(
    "POST",
    "/api/market/listings",
    { productId: product.id, priceNgn: "28000", quantity: 6, condition: "new", images: ["https://example.com/t.jpg"], latitude: 7.3775, longitude: 3.947, locality: `Ibadan ${tag}` },
    { cookie: seller.cookie },
  );
  expect(written.status).toBe(201);
  listingId = written.body.data.listing.id;
  const farm = await prisma.$transaction(async (tx) => {
    const created = await tx.farm.create({ data: { ownerId: seller.user.id, name: `Sesame Farm ${tag}`, crops: ["Sesame"], centerLat: 7.4, centerLng: 3.9, geohash: "s1" } });
    await recordIndexChange(tx, "farm", created.id);
    return created;
  });
  farmId = farm.id;
  await sweepIndexChanges(0);
});

afterAll(async () => {
  await prisma.farm.deleteMany({ where: { id: farmId } });
  await removeCreatedData();
  await searchBackend().remove([`listing_${listingId}`, `farm_${farmId}`]);
  await web?.stop();
});

describe("GET /api/search", () => {
  it("answers 401 when signed out", async () => {
    const answer = await call("GET", "/api/search?q=tomato");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });

  it("answers { success, data: { total, query, products, listings, farms } } with each result's fields", async () => {
    const answer = await call("GET", `/api/search?q=${encodeURIComponent(`  tomatoes ${tag}  `)}`, undefined, { cookie: buyer.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("private");
    expect(Object.keys(answer.body.data).sort()).toEqual(["farms", "listings", "products", "query", "total"]);
    expect(answer.body.data.query).toBe(`tomatoes ${tag}`);
    expect(answer.body.data.listings).toEqual([
      {
        id: listingId,
        type: "listing",
        title: "Fresh Tomatoes",
        snippet: expect.stringContaining("₦28,000"),
        geoGeohash: expect.stringMatching(/^s1/),
        priceNgn: 28000,
        unit: "baskets",
        status: "active",
        locality: `Ibadan ${tag}`,
        image: "https://example.com/t.jpg",
        distanceKm: null,
        matched: ["tomatoes"],
      },
    ]);
    expect(answer.body.data.total).toBe(1);
  });

  it("finds through a typo and a local name", async () => {
    for (const q of [`tomatos ${tag}`, `tumatir ${tag}`]) {
      const answer = await call("GET", `/api/search?q=${encodeURIComponent(q)}&types=listing`, undefined, { cookie: buyer.cookie });
      expect(answer.body.data.listings.map((hit: { id: string }) => hit.id), q).toEqual([listingId]);
    }
  });

  it("gives the distance from a point, and keeps to the radius", async () => {
    const near = await call("GET", `/api/search?q=${tag}&lat=6.5244&lng=3.3792&radius_km=150`, undefined, { cookie: buyer.cookie });
    expect(near.body.data.listings).toHaveLength(1);
    expect(near.body.data.listings[0].distanceKm).toBeGreaterThan(105);
    expect(near.body.data.listings[0].distanceKm).toBeLessThan(120);
    const far = await call("GET", `/api/search?q=${tag}&lat=6.5244&lng=3.3792&radius_km=50`, undefined, { cookie: buyer.cookie });
    expect(far.body.data.listings).toEqual([]);
  });

  it("shows a farm to its owner and to nobody else", async () => {
    const owner = await call("GET", `/api/search?q=${encodeURIComponent(`sesame ${tag}`)}&types=farm`, undefined, { cookie: seller.cookie });
    expect(owner.body.data.farms.map((hit: { id: string }) => hit.id)).toEqual([farmId]);
    const other = await call("GET", `/api/search?q=${encodeURIComponent(`sesame ${tag}`)}&types=farm`, undefined, { cookie: buyer.cookie });
    expect(other.body.data.farms).toEqual([]);
  });

  it.each([
    ["types=product,crystal", "VLD_REQUIRED_FIELD"],
    ["lat=91&lng=3", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=181", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=0", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=-5", "VLD_INVALID_GPS_COORDS"],
    ["lat=6.5&lng=3.3&radius_km=ten", "VLD_INVALID_GPS_COORDS"],
    ["limit=0", "VLD_REQUIRED_FIELD"],
    ["limit=51", "VLD_REQUIRED_FIELD"],
    ["limit=2.5", "VLD_REQUIRED_FIELD"],
    [`q=${"a".repeat(201)}`, "VLD_REQUIRED_FIELD"],
  ])("refuses %s with 400 %s", async (query, code) => {
    const answer = await call("GET", `/api/search?${query}`, undefined, { cookie: buyer.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code } });
  });

  it("refuses other methods with 405", async () => {
    const answer = await call("POST", "/api/search", {}, { cookie: buyer.cookie });
    expect(answer.status).toBe(405);
  });
});
