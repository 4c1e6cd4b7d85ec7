import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// Reports about trades over HTTP against the real database: a buyer's dispute settled either way
// by a moderator (the stock leaves the listing, or goes back on sale), a reported message and a
// reported review dismissed or hidden (a hidden review leaves the seller's rating), who may report
// and who may resolve, and who is told.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const as = (who: SignedIn) => ({ cookie: who.cookie });

let admin: SignedIn;
let productId = "";

beforeAll(async () => {
  admin = await signedInUser("ADMIN", "tr_admin");
  productId = (await createProduct({ unit: "bags" })).id;
});

/** An order of `quantity` bags moved to `status` through the API (delivered, disputed or completed). */
async function trade(status: "delivered" | "disputed" | "completed", quantity = 2) {
  const seller = await signedInUser("USER", "tr_seller");
  const buyer = await signedInUser("USER", "tr_buyer");
  const listing = await createListing(seller.user.id, { productId, quantity: 10, priceNgn: "4000.00" });
  expect((await call("PUT", `/api/cart/items/${listing.id}`, { quantity }, as(buyer))).status).toBe(200);
  const order = (await call("POST", "/api/orders", { sellerId: seller.user.id, fulfilment: "pickup" }, as(buyer))).body
    .data.order as { id: string; reference: string };
  const move = async (who: SignedIn, action: string, body?: unknown) =>
    expect((await call("POST", `/api/orders/${order.id}/${action}`, body, as(who))).status).toBe(200);
  await move(seller, "accept");
  if (status === "completed") await move(buyer, "confirm");
  else await move(seller, "deliver");
  if (status === "disputed") await move(buyer, "dispute", { reason: "not_as_agreed", note: "Half the bags were wet" });
  return { seller, buyer, listing, order };
}

const stock = (id: string) =>
  prisma.listing.findUniqueOrThrow({ where: { id }, select: { quantity: true, reservedQuantity: true, status: true } });

/** The open dispute of this order in the moderators' queue. */
async function openDispute(orderId: string) {
  const list = (await call("GET", "/api/admin/trade-reports", undefined, as(admin))).body.data;
  return list.reports.find(
    (report: { order: { id: string }; kind: string }) => report.order.id === orderId && report.kind === "dispute",
  ) as { id: string; kind: string; actions: string[]; content: unknown; order: { reference: string } } | undefined;
}

const resolve = (id: string, body: unknown, who: SignedIn = admin) =>
  call("POST", `/api/admin/trade-reports/${id}/resolve`, body, as(who));

describe("disputes", () => {
  it("settled for the buyer: the order is cancelled, the stock goes back on sale, both are told", async () => {
    const { seller, buyer, listing, order } = await trade("disputed", 3);
    expect(await stock(listing.id)).toEqual({ quantity: 10, reservedQuantity: 3, status: "active" });
    const report = (await openDispute(order.id))!;
    expect(report).toMatchObject({ kind: "dispute", actions: ["complete_order", "cancel_order"] });
    for (const who of [seller, buyer]) {
      const refused = await resolve(report.id, { action: "cancel_order" }, who);
      expect(refused.status).toBe(403);
    }
    const wrong = await resolve(report.id, { action: "hide_message" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("VLD_REQUIRED_FIELD");
    const done = await resolve(report.id, { action: "cancel_order", note: "The seller sent wet bags" });
    expect(done.status).toBe(200);
    expect(await stock(listing.id)).toEqual({ quantity: 10, reservedQuantity: 0, status: "active" });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "cancelled" });
    const told = await prisma.notification.findMany({
      where: { orderId: order.id, kind: "moderation_outcome" },
      select: { userId: true, data: true },
    });
    expect(told.map((each) => each.userId).sort()).toEqual([buyer.user.id, seller.user.id].sort());
    expect(told[0]!.data).toMatchObject({ reference: order.reference, outcome: "cancelled" });
    // Once only.
    const again = await resolve(report.id, { action: "complete_order" });
    expect(again.status).toBe(409);
  });

  it("settled for the seller: the order completes and the stock leaves the listing", async () => {
    const { listing, order } = await trade("disputed", 10);
    const report = (await openDispute(order.id))!;
    expect((await resolve(report.id, { action: "complete_order" })).status).toBe(200);
    expect(await stock(listing.id)).toEqual({ quantity: 0, reservedQuantity: 0, status: "sold" });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "completed" });
  });
});

describe("messages and reviews", () => {
  it("a reported message hidden: the thread shows that a moderator hid it, and the reporter is told", async () => {
    const { seller, buyer, order } = await trade("delivered");
    const sent = await call("POST", `/api/orders/${order.id}/messages`, { body: "Pay me or else" }, as(seller));
    const messageId = sent.body.data.message.id as string;
    expect(
      (await call("POST", `/api/orders/${order.id}/messages/${messageId}/reports`, { reason: "offensive" }, as(buyer)))
        .status,
    ).toBe(201);
    const list = (await call("GET", "/api/admin/trade-reports", undefined, as(admin))).body.data;
    const report = list.reports.find(
      (each: { kind: string; order: { id: string } }) => each.kind === "message" && each.order.id === order.id,
    );
    expect(report).toMatchObject({ actions: ["dismiss", "hide_message"], content: { text: "Pay me or else" } });
    expect((await resolve(report.id, { action: "hide_message" })).status).toBe(200);
    const thread = (await call("GET", `/api/orders/${order.id}/messages`, undefined, as(buyer))).body.data.messages;
    expect(thread[0]).toMatchObject({ hidden: true, body: null });
    const told = await prisma.notification.findFirst({
      where: { userId: buyer.user.id, kind: "moderation_outcome" },
      select: { data: true },
    });
    expect(told?.data).toMatchObject({ outcome: "hidden" });
  });

  it("a review: anyone but its author reports it once; hidden, it leaves the seller's page and rating", async () => {
    const { seller, buyer, order } = await trade("completed");
    const review = (await call("POST", `/api/orders/${order.id}/review`, { rating: 1, text: "Thief!" }, as(buyer))).body
      .data.review as { id: string };
    const path = `/api/reviews/${review.id}/reports`;
    expect((await call("POST", path, { reason: "offensive" }, as(buyer))).status).toBe(403);
    const reader = await signedInUser("USER", "tr_reader");
    expect((await call("POST", path, { reason: "misleading", note: "Not true" }, as(reader))).status).toBe(201);
    expect((await call("POST", path, { reason: "misleading" }, as(reader))).body.error.code).toBe("DB_DUPLICATE_ENTRY");
    expect((await call("POST", path, { reason: "offensive" }, as(seller))).status).toBe(201);
    expect(
      (await call("POST", "/api/reviews/c000000000000000000000000/reports", { reason: "other" }, as(reader))).status,
    ).toBe(404);
    expect((await call("POST", path, { reason: "nonsense" }, as(reader))).status).toBe(400);

    const before = (await call("GET", `/api/sellers/${seller.user.id}/reviews`, undefined, as(reader))).body.data;
    expect(before.rating).toEqual({ average: 1, count: 1 });
    const list = (await call("GET", "/api/admin/trade-reports", undefined, as(admin))).body.data;
    const mine = list.reports.filter(
      (each: { kind: string; order: { id: string } }) => each.kind === "review" && each.order.id === order.id,
    );
    expect(mine).toHaveLength(2);
    expect((await resolve(mine[0].id, { action: "hide_review", note: "Abusive" })).status).toBe(200);
    // Both reports of it closed together, and both reporters told.
    expect(await prisma.tradeReport.count({ where: { reviewId: review.id, status: "open" } })).toBe(0);
    expect(
      await prisma.notification.count({
        where: { userId: { in: [reader.user.id, seller.user.id] }, kind: "moderation_outcome" },
      }),
    ).toBe(2);
    const after = (await call("GET", `/api/sellers/${seller.user.id}/reviews`, undefined, as(reader))).body.data;
    expect(after).toMatchObject({ rating: { average: null, count: 0 }, reviews: [] });
    const seen = (await call("GET", `/api/orders/${order.id}`, undefined, as(buyer))).body.data.order;
    expect(seen.review).toMatchObject({ hidden: true, text: null });
    expect(seen.canReview).toBe(false);
  });

  it("only administrators read or resolve the queue", async () => {
    const user = await signedInUser("USER", "tr_user");
    expect((await call("GET", "/api/admin/trade-reports", undefined, as(user))).status).toBe(403);
    expect((await call("GET", "/api/admin/trade-reports")).status).toBe(401);
    expect((await resolve("c000000000000000000000000", { action: "dismiss" })).status).toBe(404);
    expect((await resolve("c000000000000000000000000", { action: "burn" })).status).toBe(400);
  });
});
