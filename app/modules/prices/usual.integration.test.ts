import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, type SignedIn } from "../../../tests/support/api-client";
import { createListing, createProduct } from "../../../tests/support/market";
import { serveForTests } from "../../../tests/support/web";
import { recordPrice } from "./prices.server";

// The usual price beside a listing's price (GET /api/prices/usual), against the real database: the
// middle half of the last 30 days' prices of a product in the town a place names (typed, or the
// nearest known town to a pin), unusual prices left out; for a listing a buyer sees, where its
// price stands; nothing from fewer than 3 prices; refusals in the catalogue's codes.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const as = (who: SignedIn) => ({ cookie: who.cookie });
const DAY_MS = 24 * 60 * 60 * 1000;

let buyer: SignedIn;
let seller: SignedIn;
let productId = "";

beforeAll(async () => {
  buyer = await signedInUser("USER", "usual_buyer");
  seller = await signedInUser("USER", "usual_seller");
  productId = (await createProduct({ name: "Usual Cowpea", unit: "bags" })).id;
  const now = Date.now();
  // Ten prices in Ibadan this month, one typed with a zero too many; two from months ago.
  for (const [index, price] of [8000, 8500, 9000, 9500, 10000, 10500, 11000, 11500, 12000, 950000].entries())
    await recordPrice(prisma, {
      productId,
      town: "Ibadan",
      priceNgn: price,
      source: index % 4 === 0 ? "trade" : "listed",
      at: new Date(now - index * DAY_MS),
    });
  for (const price of [1000, 1000])
    await recordPrice(prisma, {
      productId,
      town: "Ibadan",
      priceNgn: price,
      source: "listed",
      at: new Date(now - 60 * DAY_MS),
    });
  for (const price of [7000, 7200])
    await recordPrice(prisma, { productId, town: "Kano", priceNgn: price, source: "listed" });
});

describe("GET /api/prices/usual", () => {
  it("answers the middle half of the month's prices in the town of a typed place or a pin", async () => {
    const typed = await call(
      "GET",
      `/api/prices/usual?product_id=${productId}&locality=Ibadan,%20Oyo`,
      undefined,
      as(seller),
    );
    expect(typed.status).toBe(200);
    expect(typed.body.data).toMatchObject({
      product: { id: productId, unit: "bags" },
      town: "Ibadan",
      usual: { town: "Ibadan", low: 9000, high: 11000, median: 10000, count: 9, trades: 3, days: 30 },
    });
    // A pin in Bodija is nearest to Ibadan.
    const pinned = await call(
      "GET",
      `/api/prices/usual?product_id=${productId}&lat=7.43&lng=3.91`,
      undefined,
      as(seller),
    );
    expect(pinned.body.data.usual).toMatchObject({ town: "Ibadan", count: 9 });
    // Kano has two prices: no usual range; nowhere said: none either.
    const few = await call("GET", `/api/prices/usual?product_id=${productId}&locality=Kano`, undefined, as(seller));
    expect(few.body.data).toMatchObject({ town: "Kano", usual: null });
    const nowhere = await call("GET", `/api/prices/usual?product_id=${productId}`, undefined, as(seller));
    expect(nowhere.body.data).toMatchObject({ town: null, usual: null });
  });

  it("tells a buyer where a listing's price stands, for listings they may see", async () => {
    const position = async (price: string) => {
      const listing = await createListing(seller.user.id, { productId, priceNgn: price, locality: "Ibadan" });
      const answer = await call("GET", `/api/prices/usual?listing_id=${listing.id}`, undefined, as(buyer));
      expect(answer.status).toBe(200);
      return answer.body.data.position;
    };
    expect([await position("8000"), await position("10000"), await position("15000")]).toEqual([
      "below",
      "within",
      "above",
    ]);
    const paused = await createListing(seller.user.id, { productId, locality: "Ibadan", status: "paused" });
    expect((await call("GET", `/api/prices/usual?listing_id=${paused.id}`, undefined, as(buyer))).status).toBe(404);
    expect((await call("GET", `/api/prices/usual?listing_id=${paused.id}`, undefined, as(seller))).status).toBe(200);
    const untitled = await createListing(seller.user.id, { productId: null, title: "Mixed beans", locality: "Ibadan" });
    const noProduct = await call("GET", `/api/prices/usual?listing_id=${untitled.id}`, undefined, as(buyer));
    expect(noProduct.body.data).toMatchObject({ product: null, usual: null, position: null });
  });

  it("refuses what it cannot answer, in the catalogue's codes", async () => {
    const cases: [string, number, string][] = [
      ["", 400, "VLD_REQUIRED_FIELD"],
      [`product_id=${productId}&listing_id=x`, 400, "VLD_REQUIRED_FIELD"],
      [`product_id=${productId}&lat=7.4`, 400, "VLD_INVALID_GPS_COORDS"],
      [`product_id=${productId}&lat=700&lng=3`, 400, "VLD_INVALID_GPS_COORDS"],
      [`product_id=${productId}&locality=${"x".repeat(201)}`, 400, "VLD_REQUIRED_FIELD"],
      [`product_id=${productId}&unknown=1`, 400, "VLD_REQUIRED_FIELD"],
      ["product_id=no-such-product", 404, "MKT_PRODUCT_NOT_FOUND"],
      ["listing_id=no-such-listing", 404, "DB_RECORD_NOT_FOUND"],
      ["product_id=%00", 400, "VLD_REQUIRED_FIELD"],
    ];
    for (const [query, status, code] of cases) {
      const answer = await call("GET", `/api/prices/usual?${query}`, undefined, as(buyer));
      expect([query, answer.status, answer.body.error?.code]).toEqual([query, status, code]);
    }
    expect((await call("GET", `/api/prices/usual?product_id=${productId}`)).status).toBe(401);
    expect((await call("POST", "/api/prices/usual", {}, as(buyer))).status).toBe(405);
  });
});
