import { beforeAll, describe, expect, it } from "vitest";
import { completeDueOrders } from "~/modules/orders/moves.server";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { uniquePhone } from "../../tests/support/phones";
import { serveForTests } from "../../tests/support/web";

// The cart and orders over HTTP against the real database: the cart's rules, every move of an
// order and its refusals (wrong party, wrong state, quantity gone), the reservation race, the
// completion by time, that nobody but the two parties reads an order or its thread, and what
// each party is told.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let productId = "";
let productName = "";

beforeAll(async () => {
  const product = await createProduct({ unit: "bags" });
  productId = product.id;
  productName = product.name;
});

/** A seller with one active listing of the product: 10 bags at 8,000 unless said otherwise. */
async function sellerWithListing(data: Parameters<typeof createListing>[1] = {}) {
  const seller = await signedInUser("USER", "ord_seller");
  const listing = await createListing(seller.user.id, {
    productId,
    priceNgn: "8000.00",
    quantity: 10,
    locality: "Kano",
    ...data,
  });
  return { seller, listing };
}

const as = (who: SignedIn) => ({ cookie: who.cookie });
const cartItem = (id: string) => `/api/cart/items/${encodeURIComponent(id)}`;

async function putInCart(buyer: SignedIn, listingId: string, quantity: number) {
  const answer = await call("PUT", cartItem(listingId), { quantity }, as(buyer));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

async function requestOrder(buyer: SignedIn, sellerId: string, body: Record<string, unknown> = {}) {
  const answer = await call("POST", "/api/orders", { sellerId, fulfilment: "pickup", ...body }, as(buyer));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.order as { id: string; reference: string; items: { id: string }[]; status: string };
}

const move = (who: SignedIn, orderId: string, action: string, body?: unknown) =>
  call("POST", `/api/orders/${orderId}/${action}`, body, as(who));

async function moved(who: SignedIn, orderId: string, action: string, body?: unknown) {
  const answer = await move(who, orderId, action, body);
  expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data.order;
}

const listingRow = (id: string) =>
  prisma.listing.findUniqueOrThrow({ where: { id }, select: { quantity: true, reservedQuantity: true, status: true } });

/** A buyer who asked for `quantity` of a new seller's listing: the order, the two parties, the listing. */
async function requested(quantity = 4, listingData: Parameters<typeof createListing>[1] = {}) {
  const { seller, listing } = await sellerWithListing(listingData);
  const buyer = await signedInUser("USER", "ord_buyer");
  await putInCart(buyer, listing.id, quantity);
  const order = await requestOrder(buyer, seller.user.id);
  return { seller, buyer, listing, order };
}

describe("signed in only", () => {
  it("answers 401 AUTH_SESSION_EXPIRED to a visitor on every new address", async () => {
    const { order, listing } = await requested(1);
    for (const [method, address] of [
      ["GET", "/api/cart"],
      ["PUT", cartItem(listing.id)],
      ["DELETE", cartItem(listing.id)],
      ["GET", "/api/orders"],
      ["POST", "/api/orders"],
      ["GET", `/api/orders/${order.id}`],
      ["POST", `/api/orders/${order.id}/accept`],
      ["GET", `/api/orders/${order.id}/messages`],
      ["POST", `/api/orders/${order.id}/messages`],
      ["POST", `/api/orders/${order.id}/review`],
      ["GET", "/api/notifications"],
      ["POST", "/api/notifications/read"],
    ] as const) {
      const answer = await call(method, address, method === "GET" ? undefined : {});
      expect(answer.status, `${method} ${address}`).toBe(401);
      expect(answer.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    }
    expect((await listingRow(listing.id)).reservedQuantity).toBe(0);
  });
});

describe("the cart", () => {
  it("keeps listings with their quantities, grouped by seller with subtotals in naira", async () => {
    const one = await sellerWithListing({ priceNgn: "8000.00" });
    const two = await sellerWithListing({ priceNgn: "2500.50", quantity: 5 });
    const buyer = await signedInUser("USER", "ord_cart");
    await putInCart(buyer, one.listing.id, 2);
    const changed = await putInCart(buyer, two.listing.id, 1);
    expect(changed.body.data.item).toMatchObject({ listingId: two.listing.id, quantity: 1, subtotalNgn: "2500.50" });
    await putInCart(buyer, two.listing.id, 3);
    const cart = (await call("GET", "/api/cart", undefined, as(buyer))).body.data;
    expect(cart.count).toBe(2);
    expect(cart.changes).toEqual([]);
    expect(cart.sellers.map((group: { seller: { id: string } }) => group.seller.id)).toEqual([
      one.seller.user.id,
      two.seller.user.id,
    ]);
    expect(cart.sellers[0]).toMatchObject({
      seller: { name: "Test F.", phoneVerified: false },
      items: [{ listingId: one.listing.id, quantity: 2, subtotalNgn: "16000.00" }],
      totalNgn: "16000.00",
    });
    expect(cart.sellers[0].items[0].listing).toMatchObject({
      product: { name: productName, unit: "bags" },
      available: 10,
    });
    expect(cart.sellers[1]).toMatchObject({ items: [{ quantity: 3, subtotalNgn: "7501.50" }], totalNgn: "7501.50" });
    // The cart is the account's: another phone signed in to it reads the same.
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(2);

    expect((await call("DELETE", cartItem(one.listing.id), undefined, as(buyer))).status).toBe(200);
    expect((await call("DELETE", cartItem(one.listing.id), undefined, as(buyer))).status).toBe(200);
    expect((await call("GET", "/api/cart", undefined, as(buyer))).body.data.count).toBe(1);
  });

  it("refuses quantities that are not whole numbers from 1, and more than the listing has", async () => {
    const { listing } = await sellerWithListing({ quantity: 6, reservedQuantity: 2 });
    const buyer = await signedInUser("USER", "ord_qty");
    for (const quantity of [0, -1, 1.5, "3", null, 100_001]) {
      const answer = await call("PUT", cartItem(listing.id), { quantity }, as(buyer));
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.body.error.code).toBe("VLD_INVALID_QUANTITY");
    }
    expect((await call("PUT", cartItem(listing.id), {}, as(buyer))).body.error.code).toBe("VLD_INVALID_QUANTITY");
    expect((await call("PUT", cartItem(listing.id), { quantity: 1, extra: 1 }, as(buyer))).status).toBe(400);
    const tooMany = await call("PUT", cartItem(listing.id), { quantity: 5 }, as(buyer));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({ code: "MKT_OUT_OF_STOCK", message: "Only 4 left." });
    await putInCart(buyer, listing.id, 4);
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(1);
  });

  it("takes only what buyers can order: not one's own, not sold, paused or unknown listings", async () => {
    const { seller, listing } = await sellerWithListing();
    const own = await call("PUT", cartItem(listing.id), { quantity: 1 }, as(seller));
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("AUTHZ_INSUFFICIENT_PERMISSIONS");
    const buyer = await signedInUser("USER", "ord_rules");
    const sold = await createListing(seller.user.id, { productId, status: "sold" });
    expect((await call("PUT", cartItem(sold.id), { quantity: 1 }, as(buyer))).body.error.code).toBe("MKT_OUT_OF_STOCK");
    const allHeld = await createListing(seller.user.id, { productId, quantity: 3, reservedQuantity: 3 });
    expect((await call("PUT", cartItem(allHeld.id), { quantity: 1 }, as(buyer))).status).toBe(409);
    const paused = await createListing(seller.user.id, { productId, status: "paused" });
    for (const id of [paused.id, "c000000000000000000000000", "not-an-id"]) {
      const answer = await call("PUT", cartItem(id), { quantity: 1 }, as(buyer));
      expect(answer.status, id).toBe(404);
      expect(answer.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    }
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(0);
  });

  it("takes only what is on sale: a hidden listing is not found, a suspended seller's cannot be had and leaves a cart", async () => {
    const buyer = await signedInUser("USER", "ord_onsale");
    const { listing: hidden } = await sellerWithListing({ hiddenAt: new Date(), hiddenCause: "moderator" });
    const hiddenAnswer = await call("PUT", cartItem(hidden.id), { quantity: 1 }, as(buyer));
    expect(hiddenAnswer.status).toBe(404);
    expect(hiddenAnswer.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    // A suspended seller's listing the suspension did not hide: still not on sale.
    const { seller, listing } = await sellerWithListing();
    const { listing: kept } = await sellerWithListing();
    await putInCart(buyer, listing.id, 1);
    await putInCart(buyer, kept.id, 1);
    await prisma.user.update({ where: { id: seller.user.id }, data: { suspendedAt: new Date() } });
    const suspended = await call("PUT", cartItem(listing.id), { quantity: 2 }, as(buyer));
    expect(suspended.status).toBe(409);
    expect(suspended.body.error.code).toBe("MKT_OUT_OF_STOCK");
    const cart = (await call("GET", "/api/cart", undefined, as(buyer))).body.data;
    expect(cart.changes).toEqual([{ listingId: listing.id, name: productName, change: "removed" }]);
    expect(cart.count).toBe(1);
    expect(cart.sellers[0].items[0]).toMatchObject({ listingId: kept.id, quantity: 1 });
  });

  it("tidies itself: what can no longer be ordered leaves, a quantity above what is left comes down, and it says so", async () => {
    const { listing } = await sellerWithListing({ quantity: 10 });
    const { listing: other } = await sellerWithListing({ quantity: 10 });
    const buyer = await signedInUser("USER", "ord_tidy");
    await putInCart(buyer, listing.id, 2);
    await putInCart(buyer, other.id, 8);
    await prisma.listing.update({ where: { id: listing.id }, data: { status: "sold" } });
    await prisma.listing.update({ where: { id: other.id }, data: { reservedQuantity: 5 } });
    const cart = (await call("GET", "/api/cart", undefined, as(buyer))).body.data;
    expect(cart.changes).toEqual([
      { listingId: listing.id, name: productName, change: "removed" },
      { listingId: other.id, name: productName, change: "reduced", quantity: 5 },
    ]);
    expect(cart.count).toBe(1);
    expect(cart.sellers[0].items[0]).toMatchObject({ listingId: other.id, quantity: 5 });
    // Said once: the cart now holds what it shows.
    expect((await call("GET", "/api/cart", undefined, as(buyer))).body.data.changes).toEqual([]);
  });
});

describe("sending an order request", () => {
  it("makes one order from that seller's cart items at the prices of the moment, and tells the seller", async () => {
    const { seller, listing } = await sellerWithListing({ priceNgn: "8000.00" });
    const second = await createListing(seller.user.id, { title: "Dried hibiscus", priceNgn: "1200.00", quantity: 50 });
    const { listing: elsewhere } = await sellerWithListing();
    const buyer = await signedInUser("USER", "ord_send");
    await putInCart(buyer, listing.id, 3);
    await putInCart(buyer, second.id, 10);
    await putInCart(buyer, elsewhere.id, 1);
    await prisma.listing.update({ where: { id: listing.id }, data: { priceNgn: "8500.00" } });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const order = await requestOrder(buyer, seller.user.id, {
      fulfilment: "delivery",
      town: "  Kano  ",
      deliveryNote: "Behind the mosque",
      preferredDate: tomorrow,
      message: "Can you bring them in the morning?",
    });
    expect(order).toMatchObject({
      status: "requested",
      role: "buyer",
      fulfilment: "delivery",
      town: "Kano",
      deliveryNote: "Behind the mosque",
      preferredDate: tomorrow,
      message: "Can you bring them in the morning?",
      totalNgn: "37500.00",
      actions: ["cancel"],
      seller: { id: seller.user.id, name: "Test F.", phone: null },
    });
    expect(order.reference).toMatch(/^AS-[2-9A-HJKMNP-Z]{6}$/);
    expect(order.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: productName,
          unit: "bags",
          quantity: 3,
          priceNgn: "8500.00",
          subtotalNgn: "25500.00",
        }),
        expect.objectContaining({ name: "Dried hibiscus", unit: null, quantity: 10, subtotalNgn: "12000.00" }),
      ]),
    );
    // That seller's items left the cart; the other seller's stay.
    const cart = (await call("GET", "/api/cart", undefined, as(buyer))).body.data;
    expect(cart.sellers.map((group: { seller: { id: string } }) => group.seller.id)).toEqual([elsewhere.sellerId]);
    // A request reserves nothing.
    expect((await listingRow(listing.id)).reservedQuantity).toBe(0);
    const told = (await call("GET", "/api/notifications", undefined, as(seller))).body.data;
    expect(told.unread).toBe(1);
    expect(told.notifications[0]).toMatchObject({
      kind: "order_requested",
      orderId: order.id,
      read: false,
      data: { reference: order.reference, count: 2 },
    });
    // A second tap finds nothing of that seller's in the cart.
    const again = await call("POST", "/api/orders", { sellerId: seller.user.id, fulfilment: "pickup" }, as(buyer));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(await prisma.order.count({ where: { buyerId: buyer.user.id } })).toBe(1);
  });

  it("refuses what is not a request: bad fields, a delivery with no town, a date past or far off, and one's own listings", async () => {
    const { seller, listing } = await sellerWithListing();
    const buyer = await signedInUser("USER", "ord_bad");
    await putInCart(buyer, listing.id, 1);
    const sellerId = seller.user.id;
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const farOff = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    for (const [body, field] of [
      [{ fulfilment: "pickup" }, "sellerId"],
      [{ sellerId, fulfilment: "drone" }, "fulfilment"],
      [{ sellerId, fulfilment: "delivery" }, "town"],
      [{ sellerId, fulfilment: "pickup", preferredDate: "2026-02-30" }, "preferredDate"],
      [{ sellerId, fulfilment: "pickup", preferredDate: yesterday }, "preferredDate"],
      [{ sellerId, fulfilment: "pickup", preferredDate: farOff }, "preferredDate"],
      [{ sellerId, fulfilment: "pickup", message: "x".repeat(1001) }, "message"],
      [{ sellerId, fulfilment: "pickup", message: "nul\u0000" }, "message"],
      [{ sellerId, fulfilment: "pickup", price: 1 }, "form"],
    ] as const) {
      const answer = await call("POST", "/api/orders", body, as(buyer));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("VLD_REQUIRED_FIELD");
      if (field !== "form") expect(Object.keys(answer.body.error.fields ?? { [field]: 1 })).toContain(field);
    }
    const own = await call("POST", "/api/orders", { sellerId: buyer.user.id, fulfilment: "pickup" }, as(buyer));
    expect(own.status).toBe(403);
    expect(await prisma.order.count({ where: { buyerId: buyer.user.id } })).toBe(0);
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(1);
  });

  it("answers 409 MKT_OUT_OF_STOCK when the cart no longer matches the listing, and keeps the cart", async () => {
    const { seller, listing } = await sellerWithListing({ quantity: 5 });
    const buyer = await signedInUser("USER", "ord_gone");
    await putInCart(buyer, listing.id, 5);
    await prisma.listing.update({ where: { id: listing.id }, data: { reservedQuantity: 1 } });
    const answer = await call("POST", "/api/orders", { sellerId: seller.user.id, fulfilment: "pickup" }, as(buyer));
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("MKT_OUT_OF_STOCK");
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(1);
    expect(await prisma.order.count({ where: { buyerId: buyer.user.id } })).toBe(0);
  });
  it("asks only for what is still on sale: a listing paused, hidden or its seller suspended since it went in the cart", async () => {
    const buyer = await signedInUser("USER", "ord_offsale");
    const changes: [string, (listing: { id: string; sellerId: string }) => Promise<unknown>][] = [
      ["paused", (listing) => prisma.listing.update({ where: { id: listing.id }, data: { status: "paused" } })],
      [
        "hidden",
        (listing) =>
          prisma.listing.update({
            where: { id: listing.id },
            data: { hiddenAt: new Date(), hiddenCause: "moderator" },
          }),
      ],
      [
        "suspended",
        (listing) => prisma.user.update({ where: { id: listing.sellerId }, data: { suspendedAt: new Date() } }),
      ],
    ];
    for (const [what, change] of changes) {
      const { seller, listing } = await sellerWithListing();
      await putInCart(buyer, listing.id, 1);
      await change(listing);
      const answer = await call("POST", "/api/orders", { sellerId: seller.user.id, fulfilment: "pickup" }, as(buyer));
      expect(answer.status, what).toBe(409);
      expect(answer.body.error.code, what).toBe("MKT_OUT_OF_STOCK");
    }
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(3);
    expect(await prisma.order.count({ where: { buyerId: buyer.user.id } })).toBe(0);
  });
});

describe("the trade, move by move", () => {
  it("accepted, delivered, confirmed: reserved, then taken off; a listing left with nothing is sold", async () => {
    const { seller, buyer, listing, order } = await requested(10, { quantity: 10 });
    // A number no other test uses: a verified number belongs to one account at a time.
    const sellerPhone = uniquePhone();
    await prisma.user.update({
      where: { id: seller.user.id },
      data: { phone: sellerPhone, phoneVerifiedAt: new Date() },
    });
    const accepted = await moved(seller, order.id, "accept");
    expect(accepted).toMatchObject({ status: "accepted", role: "seller", actions: ["deliver", "decline"] });
    expect(await listingRow(listing.id)).toEqual({ quantity: 10, reservedQuantity: 10, status: "active" });
    // Agreed: the buyer now sees the seller's verified phone, for the handover.
    const seen = (await call("GET", `/api/orders/${order.id}`, undefined, as(buyer))).body.data.order;
    expect(seen.seller.phone).toBe(sellerPhone);
    expect(seen.actions).toEqual(["confirm"]);
    // Nobody else can put it in a cart now.
    const late = await signedInUser("USER", "ord_late");
    expect((await call("PUT", cartItem(listing.id), { quantity: 1 }, as(late))).status).toBe(409);

    const delivered = await moved(seller, order.id, "deliver");
    expect(delivered.status).toBe("delivered");
    expect(Date.parse(delivered.completesAt) - Date.parse(delivered.deliveredAt)).toBe(7 * 86_400_000);
    const completed = await moved(buyer, order.id, "confirm");
    expect(completed).toMatchObject({ status: "completed", actions: [], canReview: true });
    expect(await listingRow(listing.id)).toEqual({ quantity: 0, reservedQuantity: 0, status: "sold" });
    const sellerTold = (await call("GET", "/api/notifications", undefined, as(seller))).body.data.notifications;
    expect(sellerTold.map((each: { kind: string }) => each.kind)).toEqual(["order_completed", "order_requested"]);
    const buyerTold = (await call("GET", "/api/notifications", undefined, as(buyer))).body.data.notifications;
    expect(buyerTold.map((each: { kind: string; data: { status?: string } }) => [each.kind, each.data.status])).toEqual(
      [
        ["order_delivered", undefined],
        ["order_answered", "accepted"],
      ],
    );
  });

  it("a partial order leaves the rest on sale", async () => {
    const { seller, buyer, listing, order } = await requested(4, { quantity: 10 });
    await moved(seller, order.id, "accept");
    await moved(buyer, order.id, "confirm");
    expect(await listingRow(listing.id)).toEqual({ quantity: 6, reservedQuantity: 0, status: "active" });
  });

  it("accepted with changes: the buyer confirms the seller's price and quantity, which then count", async () => {
    const { seller, buyer, listing, order } = await requested(4, { quantity: 10, priceNgn: "8000.00" });
    const [item] = order.items;
    const bad = await move(seller, order.id, "accept", { items: [{ id: item!.id, priceNgn: "-3" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VLD_INVALID_PRICE");
    const foreign = await move(seller, order.id, "accept", { items: [{ id: listing.id, quantity: 2 }] });
    expect(foreign.status).toBe(400);
    const proposed = await moved(seller, order.id, "accept", {
      items: [{ id: item!.id, quantity: 5, priceNgn: "7500" }],
    });
    expect(proposed).toMatchObject({ status: "changes_proposed", totalNgn: "37500.00", actions: ["decline"] });
    expect(proposed.items[0]).toMatchObject({
      quantity: 4,
      priceNgn: "8000.00",
      proposedQuantity: 5,
      proposedPriceNgn: "7500.00",
      agreedQuantity: 5,
      subtotalNgn: "37500.00",
    });
    // The seller's offer holds the goods while the buyer decides.
    expect((await listingRow(listing.id)).reservedQuantity).toBe(5);
    const buyerChanging = await move(buyer, order.id, "accept", { items: [{ id: item!.id, quantity: 9 }] });
    expect(buyerChanging.status).toBe(400);
    const accepted = await moved(buyer, order.id, "accept");
    expect(accepted).toMatchObject({ status: "accepted", totalNgn: "37500.00" });
    await moved(seller, order.id, "deliver");
    await moved(buyer, order.id, "confirm");
    expect(await listingRow(listing.id)).toEqual({ quantity: 5, reservedQuantity: 0, status: "active" });
  });

  it("declining or cancelling gives the reservation back", async () => {
    const declined = await requested(3);
    await moved(declined.seller, declined.order.id, "accept");
    expect((await listingRow(declined.listing.id)).reservedQuantity).toBe(3);
    const noReason = await move(declined.seller, declined.order.id, "decline", {});
    expect(noReason.status).toBe(400);
    const answer = await moved(declined.seller, declined.order.id, "decline", { reason: "The lorry broke down" });
    expect(answer).toMatchObject({ status: "declined", declineReason: "The lorry broke down" });
    expect((await listingRow(declined.listing.id)).reservedQuantity).toBe(0);

    const cancelled = await requested(2);
    const [item] = cancelled.order.items;
    await moved(cancelled.seller, cancelled.order.id, "accept", { items: [{ id: item!.id, quantity: 1 }] });
    expect((await listingRow(cancelled.listing.id)).reservedQuantity).toBe(1);
    expect((await moved(cancelled.buyer, cancelled.order.id, "cancel")).status).toBe("cancelled");
    expect((await listingRow(cancelled.listing.id)).reservedQuantity).toBe(0);

    const early = await requested(2);
    expect((await moved(early.buyer, early.order.id, "cancel")).status).toBe("cancelled");
    expect((await listingRow(early.listing.id)).reservedQuantity).toBe(0);
  });

  it("an acceptance reserves only what is on sale: a listing paused or hidden since the request holds nothing", async () => {
    for (const data of [{ status: "paused" as const }, { hiddenAt: new Date(), hiddenCause: "moderator" as const }]) {
      const { seller, listing, order } = await requested(2);
      await prisma.listing.update({ where: { id: listing.id }, data });
      const answer = await move(seller, order.id, "accept");
      expect(answer.status, JSON.stringify(data)).toBe(409);
      expect(answer.body.error.code).toBe("MKT_OUT_OF_STOCK");
      expect(await listingRow(listing.id)).toMatchObject({ reservedQuantity: 0 });
      expect((await call("GET", `/api/orders/${order.id}`, undefined, as(seller))).body.data.order.status).toBe(
        "requested",
      );
    }
  });

  it("refuses the other party's moves (403) and moves the state no longer allows (409)", async () => {
    const { seller, buyer, order } = await requested(1);
    for (const [who, action] of [
      [buyer, "accept"],
      [buyer, "decline"],
      [seller, "cancel"],
    ] as const) {
      const answer = await move(who, order.id, action, action === "decline" ? { reason: "no" } : undefined);
      expect(answer.status, action).toBe(403);
      expect(answer.body.error.code).toBe("AUTHZ_INSUFFICIENT_PERMISSIONS");
    }
    for (const [who, action] of [
      [seller, "deliver"],
      [buyer, "confirm"],
      [buyer, "dispute"],
    ] as const) {
      const answer = await move(
        who,
        order.id,
        action,
        action === "dispute" ? { reason: "other", note: "x" } : undefined,
      );
      expect(answer.status, action).toBe(409);
      expect(answer.body.error.code).toBe("DB_CONSTRAINT_VIOLATION");
    }
    await moved(seller, order.id, "accept");
    const late = await move(buyer, order.id, "cancel");
    expect(late.status).toBe(409);
    expect((await move(seller, order.id, "accept")).status).toBe(409);
    await moved(buyer, order.id, "confirm");
    // Completed: nothing applies any more, whoever asks.
    for (const action of ["confirm", "deliver", "decline", "cancel", "accept"])
      expect((await move(buyer, order.id, action, action === "decline" ? { reason: "x" } : undefined)).status).toBe(
        409,
      );
    const unknown = await move(buyer, order.id, "refund");
    expect(unknown.status).toBe(404);
    const body = await move(buyer, order.id, "confirm", { note: "x" });
    expect(body.status).toBe(400);
  });

  it("two acceptances racing for the last bags: one gets them, the other is told they are gone", async () => {
    const { seller, listing } = await sellerWithListing({ quantity: 10 });
    const [first, second] = await Promise.all([signedInUser("USER", "ord_r1"), signedInUser("USER", "ord_r2")]);
    await putInCart(first, listing.id, 10);
    await putInCart(second, listing.id, 10);
    const one = await requestOrder(first, seller.user.id);
    const two = await requestOrder(second, seller.user.id);
    const answers = await Promise.all([move(seller, one.id, "accept"), move(seller, two.id, "accept")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error.code).toBe("MKT_OUT_OF_STOCK");
    expect(refused.body.error.message).toContain(productName);
    expect(await listingRow(listing.id)).toEqual({ quantity: 10, reservedQuantity: 10, status: "active" });
    const statuses = await prisma.order.findMany({ where: { id: { in: [one.id, two.id] } }, select: { status: true } });
    expect(statuses.map((order) => order.status).sort()).toEqual(["accepted", "requested"]);
  });

  it("the same move twice at once happens once", async () => {
    const { seller, buyer, listing, order } = await requested(3);
    await moved(seller, order.id, "accept");
    await moved(seller, order.id, "deliver");
    const answers = await Promise.all([move(buyer, order.id, "confirm"), move(buyer, order.id, "confirm")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await listingRow(listing.id)).toEqual({ quantity: 7, reservedQuantity: 0, status: "active" });
  });

  it("a seller cannot lower a listing below what accepted orders hold", async () => {
    const { seller, order, listing } = await requested(6, { quantity: 10 });
    await moved(seller, order.id, "accept");
    const body = {
      productId,
      priceNgn: "8000",
      quantity: 5,
      condition: "new",
      status: "active",
      images: ["/images/products/maize.svg"],
    };
    const lower = await call("PATCH", `/api/market/listings/${listing.id}`, body, as(seller));
    expect(lower.status, JSON.stringify(lower.body)).toBe(409);
    expect(lower.body.error.code).toBe("DB_CONSTRAINT_VIOLATION");
    expect(lower.body.error.message).toContain("6");
    expect(
      (await call("PATCH", `/api/market/listings/${listing.id}`, { ...body, quantity: 6 }, as(seller))).status,
    ).toBe(200);
    expect(await listingRow(listing.id)).toMatchObject({ quantity: 6, reservedQuantity: 6 });
  });
});

describe("completion by time and disputes", () => {
  it("completes a delivered order a week later unless the buyer disputed it", async () => {
    const quiet = await requested(2);
    await moved(quiet.seller, quiet.order.id, "accept");
    await moved(quiet.seller, quiet.order.id, "deliver");
    const disputed = await requested(2);
    await moved(disputed.seller, disputed.order.id, "accept");
    await moved(disputed.seller, disputed.order.id, "deliver");
    const noNote = await move(disputed.buyer, disputed.order.id, "dispute", { reason: "not_received" });
    expect(noNote.status).toBe(400);
    const wrongReason = await move(disputed.buyer, disputed.order.id, "dispute", { reason: "scam", note: "x" });
    expect(wrongReason.status).toBe(400);
    const opened = await moved(disputed.buyer, disputed.order.id, "dispute", {
      reason: "not_received",
      note: "Nobody came to the market",
    });
    expect(opened).toMatchObject({ status: "disputed", actions: [], completesAt: null });
    expect(
      await prisma.tradeReport.findMany({
        where: { orderId: disputed.order.id },
        select: { kind: true, reason: true, note: true, status: true, reporterId: true },
      }),
    ).toEqual([
      {
        kind: "dispute",
        reason: "not_received",
        note: "Nobody came to the market",
        status: "open",
        reporterId: disputed.buyer.user.id,
      },
    ]);

    // Not yet: six days on, nothing happens.
    const completedEarly = await completeDueOrders(new Date(Date.now() + 6 * 86_400_000));
    expect(completedEarly).toBe(0);
    expect(await completeDueOrders(new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const after = (await call("GET", `/api/orders/${quiet.order.id}`, undefined, as(quiet.buyer))).body.data.order;
    expect(after).toMatchObject({ status: "completed", canReview: true });
    expect(await listingRow(quiet.listing.id)).toEqual({ quantity: 8, reservedQuantity: 0, status: "active" });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: disputed.order.id } })).toMatchObject({
      status: "disputed",
    });
    // The disputed goods stay held until a moderator decides.
    expect((await listingRow(disputed.listing.id)).reservedQuantity).toBe(2);
    const told = await prisma.notification.findMany({
      where: { orderId: quiet.order.id, kind: "order_completed" },
      select: { userId: true },
    });
    expect(told.map((each) => each.userId).sort()).toEqual([quiet.buyer.user.id, quiet.seller.user.id].sort());
    // Run again: nothing more to do for it.
    await completeDueOrders(new Date(Date.now() + 8 * 86_400_000));
    expect(await prisma.notification.count({ where: { orderId: quiet.order.id, kind: "order_completed" } })).toBe(2);
  });
});

describe("only the two parties", () => {
  it("answers 404 to anyone else for the order, its moves, its thread and its review", async () => {
    const { order } = await requested(1);
    const stranger = await signedInUser("USER", "ord_stranger");
    const admin = await signedInUser("ADMIN", "ord_admin");
    for (const who of [stranger, admin]) {
      for (const [method, address, body] of [
        ["GET", `/api/orders/${order.id}`, undefined],
        ["POST", `/api/orders/${order.id}/accept`, undefined],
        ["POST", `/api/orders/${order.id}/cancel`, undefined],
        ["GET", `/api/orders/${order.id}/messages`, undefined],
        ["POST", `/api/orders/${order.id}/messages`, { body: "hello" }],
        ["POST", `/api/orders/${order.id}/review`, { rating: 5 }],
      ] as const) {
        const answer = await call(method, address, body, as(who));
        expect(answer.status, `${method} ${address}`).toBe(404);
        expect(answer.body.error.code).toBe("DB_RECORD_NOT_FOUND");
      }
      const listed = (await call("GET", "/api/orders?role=seller", undefined, as(who))).body.data;
      expect(listed.orders).toEqual([]);
    }
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "requested" });
    expect(await prisma.orderMessage.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("lists each party's orders by role and status", async () => {
    const { seller, buyer, order } = await requested(1);
    const bought = (await call("GET", "/api/orders?role=buyer", undefined, as(buyer))).body.data;
    expect(bought).toMatchObject({ total: 1, page: 1 });
    expect(bought.orders[0]).toMatchObject({
      id: order.id,
      reference: order.reference,
      role: "buyer",
      otherParty: "Test F.",
      itemCount: 1,
      firstItem: productName,
      status: "requested",
    });
    expect((await call("GET", "/api/orders?role=seller", undefined, as(buyer))).body.data.total).toBe(0);
    expect((await call("GET", "/api/orders?role=seller&status=requested", undefined, as(seller))).body.data.total).toBe(
      1,
    );
    expect((await call("GET", "/api/orders?role=seller&status=accepted", undefined, as(seller))).body.data.total).toBe(
      0,
    );
    for (const query of ["role=admin", "status=lost", "page=0", "page=x", "extra=1"]) {
      const answer = await call("GET", `/api/orders?${query}`, undefined, as(seller));
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toMatch(/^VLD_/);
    }
  });
});

describe("the thread", () => {
  it("carries messages between the two, tells the other once per unread thread, and lets the receiver report one", async () => {
    const { seller, buyer, order } = await requested(1);
    const sent = await call("POST", `/api/orders/${order.id}/messages`, { body: "  Can you do 7,500?  " }, as(buyer));
    expect(sent.status).toBe(201);
    expect(sent.body.data.message).toMatchObject({ mine: true, body: "Can you do 7,500?", author: "Test F." });
    await call("POST", `/api/orders/${order.id}/messages`, { body: "Please answer" }, as(buyer));
    const reply = await call(
      "POST",
      `/api/orders/${order.id}/messages`,
      { body: "7,800 is my last price" },
      as(seller),
    );
    expect(reply.status).toBe(201);
    const thread = (await call("GET", `/api/orders/${order.id}/messages`, undefined, as(seller))).body.data.messages;
    expect(thread.map((each: { body: string; mine: boolean }) => [each.body, each.mine])).toEqual([
      ["Can you do 7,500?", false],
      ["Please answer", false],
      ["7,800 is my last price", true],
    ]);
    const messageTold = await prisma.notification.findMany({
      where: { userId: seller.user.id, kind: "order_message" },
      select: { data: true },
    });
    expect(messageTold).toEqual([{ data: { reference: order.reference, count: 2 } }]);

    for (const body of [
      {},
      { body: "" },
      { body: "   " },
      { body: "x".repeat(1001) },
      { body: "a\u0000b" },
      { body: 5 },
    ]) {
      const answer = await call("POST", `/api/orders/${order.id}/messages`, body, as(buyer));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }

    const first = thread[0].id as string;
    const path = `/api/orders/${order.id}/messages/${first}/reports`;
    const own = await call("POST", path, { reason: "offensive" }, as(buyer));
    expect(own.status).toBe(403);
    const report = await call("POST", path, { reason: "offensive", note: "Rude" }, as(seller));
    expect(report.status).toBe(201);
    expect((await call("POST", path, { reason: "offensive" }, as(seller))).body.error.code).toBe("DB_DUPLICATE_ENTRY");
    expect(await prisma.tradeReport.count({ where: { messageId: first, kind: "message", status: "open" } })).toBe(1);
    const elsewhere = await requested(1);
    const crossed = await call(
      "POST",
      `/api/orders/${elsewhere.order.id}/messages/${first}/reports`,
      { reason: "offensive" },
      as(elsewhere.seller),
    );
    expect(crossed.status).toBe(404);
  });

  it("lets a few messages a minute through, then answers 429", async () => {
    const { buyer, order } = await requested(1);
    const answers = [];
    for (let index = 0; index < 11; index += 1)
      answers.push((await call("POST", `/api/orders/${order.id}/messages`, { body: `m${index}` }, as(buyer))).status);
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    expect(await prisma.orderMessage.count({ where: { orderId: order.id } })).toBe(10);
  });
});

describe("notifications", () => {
  it("counts the unread, marks chosen ones or all read, and opening the order marks its own read", async () => {
    const { seller, buyer, order } = await requested(1);
    await call("POST", `/api/orders/${order.id}/messages`, { body: "Hello" }, as(buyer));
    let list = (await call("GET", "/api/notifications", undefined, as(seller))).body.data;
    expect(list.unread).toBe(2);
    const read = await call("POST", "/api/notifications/read", { ids: [list.notifications[0].id] }, as(seller));
    expect(read.body.data.unread).toBe(1);
    // Someone else's ids change nothing of theirs.
    const other = await call("POST", "/api/notifications/read", { ids: [list.notifications[1].id] }, as(buyer));
    expect(other.status).toBe(200);
    expect((await call("GET", "/api/notifications", undefined, as(seller))).body.data.unread).toBe(1);
    await call("GET", `/api/orders/${order.id}`, undefined, as(seller));
    list = (await call("GET", "/api/notifications", undefined, as(seller))).body.data;
    expect(list.unread).toBe(0);

    await moved(seller, order.id, "accept");
    expect((await call("GET", "/api/notifications", undefined, as(buyer))).body.data.unread).toBe(1);
    const all = await call("POST", "/api/notifications/read", undefined, as(buyer));
    expect(all.body.data.unread).toBe(0);
    for (const body of [{ ids: "all" }, { ids: ["not an id"] }, { ids: [], extra: true }]) {
      const answer = await call("POST", "/api/notifications/read", body, as(buyer));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("reviews", () => {
  it("only the buyer of a completed order rates its seller, once; the seller answers once; the rating shows", async () => {
    const { seller, buyer, order } = await requested(1);
    const early = await call("POST", `/api/orders/${order.id}/review`, { rating: 5 }, as(buyer));
    expect(early.status).toBe(409);
    await moved(seller, order.id, "accept");
    await moved(buyer, order.id, "confirm");
    const bySeller = await call("POST", `/api/orders/${order.id}/review`, { rating: 5 }, as(seller));
    expect(bySeller.status).toBe(403);
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: "5" },
      { rating: 5, text: "x".repeat(501) },
    ]) {
      const answer = await call("POST", `/api/orders/${order.id}/review`, body, as(buyer));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const saved = await call(
      "POST",
      `/api/orders/${order.id}/review`,
      { rating: 4, text: "Good maize, dry" },
      as(buyer),
    );
    expect(saved.status).toBe(201);
    const twice = await call("POST", `/api/orders/${order.id}/review`, { rating: 1 }, as(buyer));
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("DB_DUPLICATE_ENTRY");

    const answered = await call("PUT", `/api/orders/${order.id}/review`, { reply: "Thank you" }, as(seller));
    expect(answered.status).toBe(200);
    expect((await call("PUT", `/api/orders/${order.id}/review`, { reply: "Again" }, as(seller))).status).toBe(409);
    expect((await call("PUT", `/api/orders/${order.id}/review`, { reply: "Mine" }, as(buyer))).status).toBe(403);

    const second = await requested(1);
    await prisma.order.update({ where: { id: second.order.id }, data: { sellerId: seller.user.id } });
    await prisma.orderItem.updateMany({ where: { orderId: second.order.id }, data: { listingId: null } });
    await prisma.order.update({ where: { id: second.order.id }, data: { status: "completed" } });
    await call("POST", `/api/orders/${second.order.id}/review`, { rating: 5 }, as(second.buyer));

    const page = (await call("GET", `/api/sellers/${seller.user.id}/reviews`, undefined, as(buyer))).body.data;
    expect(page.rating).toEqual({ average: 4.5, count: 2 });
    expect(page.reviews[1]).toMatchObject({
      rating: 4,
      text: "Good maize, dry",
      reply: "Thank you",
      reviewer: "Test F.",
      bought: productName,
    });
    const told = (await call("GET", "/api/notifications", undefined, as(seller))).body.data.notifications;
    expect(told[0]).toMatchObject({ kind: "review_received", data: { rating: 5 } });
    const unknown = await call("GET", "/api/sellers/c000000000000000000000000/reviews", undefined, as(buyer));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("MKT_SELLER_UNAVAILABLE");
  });
});
