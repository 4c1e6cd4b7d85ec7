import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, type SignedIn } from "../../../tests/support/api-client";
import { createListing, createProduct } from "../../../tests/support/market";
import { serveForTests } from "../../../tests/support/web";
import { weekOf } from "./figures";
import { recordPrice, refreshPriceFigures } from "./prices.server";

// Price events and the weekly figures the maintenance queue keeps from them, against the real
// database: each listing's asking price (listed, repriced, sold) and each completed order's price
// is kept in the town it counts in; the job works out only the weeks that changed, a re-run
// changes nothing, and a week with too few points has no figure.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const as = (who: SignedIn) => ({ cookie: who.cookie });

let productId = "";

beforeAll(async () => {
  productId = (await createProduct({ unit: "bags" })).id;
});

const week = (at: Date) => new Date(`${weekOf(at)}T00:00:00Z`);
const figures = (town: string) => prisma.priceFigure.findMany({ where: { productId, town }, orderBy: { week: "asc" } });

describe("the figures job", () => {
  it("works out each stale week once, from its events; a re-run changes nothing", async () => {
    // Anything stale from other files is worked out first, so the counts below are this test's.
    await refreshPriceFigures();
    const now = new Date();
    const lastWeek = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
    for (const price of [8000, 9000, 10000, 95000])
      await recordPrice(prisma, { productId, town: "Kano", priceNgn: price, source: "listed", at: now });
    await recordPrice(prisma, { productId, town: "Kano", priceNgn: 9500, source: "trade", at: now });
    for (const price of [7000, 7500])
      await recordPrice(prisma, { productId, town: "Kano", priceNgn: price, source: "listed", at: lastWeek });
    expect(await refreshPriceFigures()).toBe(2);
    // Last week had two points: no figure. This week: 95,000 left out, the trade counted apart.
    const [figure, ...rest] = await figures("Kano");
    expect(rest).toEqual([]);
    expect(figure).toMatchObject({ week: week(now), count: 4, trades: 1, outliers: 1 });
    expect(Number(figure!.medianNgn)).toBe(9250);
    expect([Number(figure!.lowNgn), Number(figure!.highNgn)]).toEqual([8000, 10000]);

    // Nothing new: nothing worked out, nothing changed.
    expect(await refreshPriceFigures()).toBe(0);
    expect(await figures("Kano")).toEqual([figure]);

    // A third point last week gives it a figure, and leaves this week alone.
    await recordPrice(prisma, { productId, town: "Kano", priceNgn: 7200, source: "listed", at: lastWeek });
    expect(await refreshPriceFigures()).toBe(1);
    const both = await figures("Kano");
    expect(both.map((row) => row.week)).toEqual([week(lastWeek), week(now)]);
    expect(both[1]).toEqual(figure);
    expect(Number(both[0]!.medianNgn)).toBe(7200);
  });

  it("works through more stale weeks than one batch", async () => {
    await refreshPriceFigures();
    const towns = ["Aba", "Owerri", "Umuahia", "Uyo", "Calabar"];
    for (const town of towns)
      for (const price of [1000, 1100, 1200])
        await recordPrice(prisma, { productId, town, priceNgn: price, source: "listed" });
    expect(await refreshPriceFigures({ batch: 2 })).toBe(5);
    for (const town of towns) expect(await figures(town)).toHaveLength(1);
  });
});

describe("price events from the marketplace", () => {
  it("keeps a listing's asking prices, its sale and an order's trade, in the town it counts in", async () => {
    const seller = await signedInUser("USER", "pr_seller");
    const body = {
      productId,
      priceNgn: "9000",
      quantity: 10,
      condition: "new",
      status: "active",
      images: ["/images/products/maize.svg"],
      locality: "Ibadan, Oyo",
    };
    const created = await call("POST", "/api/market/listings", body, as(seller));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listingId = created.body.data.listing.id as string;
    // A change that is not the price says nothing; a new price does.
    expect(
      (await call("PATCH", `/api/market/listings/${listingId}`, { ...body, quantity: 12 }, as(seller))).status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/market/listings/${listingId}`, { ...body, priceNgn: "9500" }, as(seller))).status,
    ).toBe(200);
    const events = () =>
      prisma.priceEvent.findMany({
        where: { listingId },
        orderBy: { id: "asc" },
        select: { source: true, town: true, priceNgn: true, orderId: true },
      });
    expect((await events()).map((event) => [event.source, event.town, Number(event.priceNgn)])).toEqual([
      ["listed", "Ibadan", 9000],
      ["repriced", "Ibadan", 9500],
    ]);

    // An order at a lower agreed price, completed: a trade.
    const buyer = await signedInUser("USER", "pr_buyer");
    await call("PUT", `/api/cart/items/${listingId}`, { quantity: 2 }, as(buyer));
    const order = (await call("POST", "/api/orders", { sellerId: seller.user.id, fulfilment: "pickup" }, as(buyer)))
      .body.data.order as { id: string; items: { id: string }[] };
    await call(
      "POST",
      `/api/orders/${order.id}/accept`,
      { items: [{ id: order.items[0]!.id, priceNgn: "9200" }] },
      as(seller),
    );
    await call("POST", `/api/orders/${order.id}/accept`, undefined, as(buyer));
    expect((await call("POST", `/api/orders/${order.id}/confirm`, undefined, as(buyer))).status).toBe(200);
    // Then the seller marks the rest sold.
    expect((await call("PATCH", `/api/market/listings/${listingId}`, { status: "sold" }, as(seller))).status).toBe(200);
    expect((await events()).map((event) => [event.source, Number(event.priceNgn), event.orderId])).toEqual([
      ["listed", 9000, null],
      ["repriced", 9500, null],
      ["trade", 9200, order.id],
      ["sold", 9500, null],
    ]);
    // Ids are kept whatever their length (rows made by other tools have longer ones than ours).
    const long = await createListing(seller.user.id, { id: `imported_${"x".repeat(64)}`, productId, locality: "Kano" });
    expect((await call("PATCH", `/api/market/listings/${long.id}`, { status: "sold" }, as(seller))).status).toBe(200);
    expect(await prisma.priceEvent.count({ where: { listingId: long.id, source: "sold" } })).toBe(1);
    // A listing placed only by its coordinates counts in the nearest known town.
    const placed = await createListing(seller.user.id, { productId, latitude: 11.09, longitude: 7.71 });
    await call("PATCH", `/api/market/listings/${placed.id}`, { status: "sold" }, as(seller));
    expect(await prisma.priceEvent.findFirst({ where: { listingId: placed.id }, select: { town: true } })).toEqual({
      town: "Zaria",
    });
  });
});

describe("GET /api/prices", () => {
  it("answers each town's newest week with its change against four weeks before, and a town's series", async () => {
    const product = await createProduct({ unit: "bags", name: "Price test millet" });
    const reader = await signedInUser("USER", "pr_reader");
    const weeksAgo = (count: number) => new Date(Date.now() - count * 7 * 24 * 3600 * 1000);
    const prices = async (town: string, at: Date, values: number[]) => {
      for (const value of values)
        await recordPrice(prisma, { productId: product.id, town, priceNgn: value, source: "listed", at });
    };
    await prices("Kano", weeksAgo(4), [10000, 10000, 10000]);
    await prices("Kano", weeksAgo(0), [11000, 11000, 11000]);
    await prices("Jos", weeksAgo(1), [9000, 9500, 10000]);
    // Two points are no figure.
    await prices("Minna", weeksAgo(0), [9000, 9000]);
    await refreshPriceFigures();

    const answer = await call("GET", `/api/prices?product_id=${product.id}&town=Kano&weeks=12`, undefined, as(reader));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      product: { id: product.id, name: "Price test millet", unit: "bags" },
      unit: "bags",
    });
    const towns = answer.body.data.towns as { town: string; median: number; changePct: number | null }[];
    expect(towns.map((town) => [town.town, town.median, town.changePct])).toEqual([
      ["Jos", 9500, null],
      ["Kano", 11000, 10],
    ]);
    expect(answer.body.data.series.map((point: { median: number }) => point.median)).toEqual([10000, 11000]);
    // One week back sees only this week's figures.
    const recent = await call("GET", `/api/prices?product_id=${product.id}&weeks=1`, undefined, as(reader));
    expect(recent.body.data.towns.map((town: { town: string }) => town.town)).toEqual(["Kano"]);
    expect(recent.body.data.series).toEqual([]);
  });

  it("refuses what is not a query, and a product that does not exist", async () => {
    const reader = await signedInUser("USER", "pr_refused");
    for (const query of [
      "",
      "product_id=not%20an%20id",
      `product_id=${productId}&weeks=0`,
      `product_id=${productId}&weeks=x`,
      `product_id=${productId}&extra=1`,
    ]) {
      const answer = await call("GET", `/api/prices?${query}`, undefined, as(reader));
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toMatch(/^VLD_/);
    }
    const unknown = await call("GET", "/api/prices?product_id=c000000000000000000000000", undefined, as(reader));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("MKT_PRODUCT_NOT_FOUND");
    expect((await call("GET", `/api/prices?product_id=${productId}`)).status).toBe(401);
  });
});
