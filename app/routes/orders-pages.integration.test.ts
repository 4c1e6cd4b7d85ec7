import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { newIp, signedInUser, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";
import { postChunkedForm } from "../../tests/support/chunked-post";
import { pageClient } from "../../tests/support/page-client";

// The cart, order and notifications pages over HTTP, as a browser without the page's script uses
// them (plain form posts): a request sent from the cart opens its order; each move from the order
// page; hostile or refused input answers the page with the form's message and changes nothing;
// bodies past the cap are refused before they are read; only the two parties see an order page.

const web = serveForTests();

const NUL = "\u0000";
const INVALID_TEXT = "This text contains characters that cannot be saved";

let seller: SignedIn;
let buyer: SignedIn;
let listingId = "";

beforeAll(async () => {
  seller = await signedInUser("USER", "op_seller");
  buyer = await signedInUser("USER", "op_buyer");
  const product = await createProduct({ name: "Sorghum", unit: "bags" });
  listingId = (await createListing(seller.user.id, { productId: product.id, quantity: 30, priceNgn: "9000.00" })).id;
});

const { post, get } = pageClient(() => web.baseUrl);

function expectFormError(page: { status: number; text: string }, status: number, message: string) {
  expect(page.status).toBe(status);
  expect(page.text).toContain("<html");
  expect(page.text).toContain(message);
}

/** A request from the buyer's cart for `quantity` bags: the order's id. */
async function sendFromCart(quantity = 2) {
  expect(
    (await post("/cart", { intent: "quantity", listingId, quantity: String(quantity) }, buyer.cookie)).status,
  ).toBe(200);
  const sent = await post(
    "/cart",
    { intent: "send", sellerId: seller.user.id, fulfilment: "delivery", town: "Zaria", message: "Before Friday" },
    buyer.cookie,
  );
  expect(sent.status).toBe(302);
  const location = sent.headers.get("location") ?? "";
  expect(location).toMatch(/^\/orders\/[a-z0-9]+\?sent=1$/);
  return location.slice("/orders/".length, location.indexOf("?"));
}

describe("/cart", () => {
  it("changes quantities, removes, and sends a request that opens its order, without the page's script", async () => {
    const orderId = await sendFromCart(3);
    const page = await get(`/orders/${orderId}?sent=1`, buyer.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Your order request was sent to Test F.:");
    expect(page.text).toContain("₦27,000");
    expect(await prisma.cartItem.count({ where: { userId: buyer.user.id } })).toBe(0);
    // Put back and taken out again: the cart page says it is empty.
    await post("/cart", { intent: "quantity", listingId, quantity: "1" }, buyer.cookie);
    expect((await post("/cart", { intent: "remove", listingId }, buyer.cookie)).status).toBe(200);
    expect((await get("/cart", buyer.cookie)).text).toContain("Your cart is empty.");
  });

  it("answers NUL and refused values with the form's message, creating and changing nothing", async () => {
    await post("/cart", { intent: "quantity", listingId, quantity: "2" }, buyer.cookie);
    const before = {
      orders: await prisma.order.count(),
      cart: await prisma.cartItem.findMany({ where: { userId: buyer.user.id } }),
    };
    for (const [fields, status, message] of [
      [{ intent: "quantity", listingId, quantity: `3${NUL}` }, 400, "Choose a whole number, at least 1."],
      [{ intent: "quantity", listingId, quantity: "0" }, 400, "Choose a whole number, at least 1."],
      [{ intent: "quantity", listingId, quantity: "31" }, 409, "Only 30 left."],
      [{ intent: "quantity", listingId: `${listingId}${NUL}`, quantity: "1" }, 400, INVALID_TEXT],
      [{ intent: "send", sellerId: seller.user.id, fulfilment: "drone" }, 400, "Choose pickup or delivery."],
      [{ intent: "send", sellerId: seller.user.id, fulfilment: "delivery" }, 400, "Say which town to deliver to."],
      [{ intent: "send", sellerId: seller.user.id, fulfilment: "pickup", message: `hi${NUL}` }, 400, INVALID_TEXT],
      [
        { intent: "send", sellerId: seller.user.id, fulfilment: "pickup", preferredDate: "2020-01-01" },
        400,
        "Choose a date from today",
      ],
      [{ intent: "send", sellerId: buyer.user.id, fulfilment: "pickup" }, 403, "This is your own listing"],
    ] as const) {
      expectFormError(await post("/cart", fields, buyer.cookie), status, message);
    }
    expect((await post("/cart", { intent: `send${NUL}` }, buyer.cookie)).status).toBe(400);
    expect(await prisma.order.count()).toBe(before.orders);
    expect(await prisma.cartItem.findMany({ where: { userId: buyer.user.id } })).toEqual(before.cart);
    await post("/cart", { intent: "remove", listingId }, buyer.cookie);
  });

  it("refuses a megabyte, a body with no length past the cap, no body, a wrong method; a visitor signs in first", async () => {
    const big = await post(
      "/cart",
      { intent: "send", sellerId: seller.user.id, message: "m".repeat(1024 * 1024) },
      buyer.cookie,
    );
    expect(big.status).toBe(413);
    // Two megabytes with no Content-Length (chunked): refused the same way.
    const chunked = await postChunkedForm(
      web.baseUrl,
      "/cart",
      buyer.cookie,
      `intent=send&sellerId=${seller.user.id}&fulfilment=pickup&message=`,
      2 * 1024 * 1024,
    );
    expect(chunked).toBe(413);
    expect((await post("/cart", {}, buyer.cookie)).status).toBe(400);
    const put = await fetch(`${web.baseUrl}/cart`, {
      method: "PUT",
      headers: { Cookie: buyer.cookie, "X-Forwarded-For": newIp() },
      redirect: "manual",
    });
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    const visitor = await post("/cart", { intent: "quantity", listingId, quantity: "1" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await prisma.order.count({ where: { buyerId: buyer.user.id, message: { startsWith: "mmm" } } })).toBe(0);
  });
});

describe("/orders/{id}", () => {
  it("carries every move from its forms, and says why a move no longer applies", async () => {
    const orderId = await sendFromCart(2);
    const path = `/orders/${orderId}`;
    const seen = await get(path, seller.cookie);
    expect(seen.text).toContain("A buyer asks for these items.");
    expectFormError(await post(path, { intent: "deliver" }, seller.cookie), 409, "This order has moved on");
    expectFormError(await post(path, { intent: "accept" }, buyer.cookie), 403, "Only the other party can do that.");
    expectFormError(await post(path, { intent: "decline", reason: `no${NUL}` }, seller.cookie), 400, INVALID_TEXT);
    expectFormError(await post(path, { intent: "decline" }, seller.cookie), 400, "Say why, so the buyer knows.");
    const [item] = await prisma.orderItem.findMany({ where: { orderId } });
    expectFormError(
      await post(path, { intent: "accept", item: item!.id, [`price_${item!.id}`]: "-5" }, seller.cookie),
      400,
      "",
    );
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("requested");

    expect(
      (
        await post(
          path,
          { intent: "accept", item: item!.id, [`quantity_${item!.id}`]: "2", [`price_${item!.id}`]: "8500" },
          seller.cookie,
        )
      ).status,
    ).toBe(200);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: "changes_proposed",
    });
    expect((await post(path, { intent: "accept" }, buyer.cookie)).status).toBe(200);
    expect((await post(path, { intent: "message", body: "On my way" }, buyer.cookie)).status).toBe(200);
    expectFormError(await post(path, { intent: "message", body: "" }, buyer.cookie), 400, "Write a message.");
    expect((await post(path, { intent: "deliver" }, seller.cookie)).status).toBe(200);
    expect((await post(path, { intent: "confirm" }, buyer.cookie)).status).toBe(200);
    expectFormError(
      await post(path, { intent: "review", rating: "9" }, buyer.cookie),
      400,
      "Choose from 1 to 5 stars.",
    );
    expect((await post(path, { intent: "review", rating: "4", text: "Dry and clean" }, buyer.cookie)).status).toBe(200);
    expect((await post(path, { intent: "reply", reply: "Thanks" }, seller.cookie)).status).toBe(200);
    const done = await get(path, buyer.cookie);
    expect(done.text).toContain("Dry and clean");
    expect(done.text).toContain("Thanks");
    expect(done.text).toContain("₦17,000");
    const listing = await prisma.listing.findUniqueOrThrow({ where: { id: listingId } });
    expect(listing.reservedQuantity).toBe(0);
  });

  it("is no one else's: a stranger gets Page Not Found and moves nothing", async () => {
    const orderId = await sendFromCart(1);
    const stranger = await signedInUser("USER", "op_stranger");
    const page = await get(`/orders/${orderId}`, stranger.cookie);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain("Zaria");
    const moved = await post(`/orders/${orderId}`, { intent: "cancel" }, stranger.cookie);
    expect(moved.status).toBe(404);
    expect(moved.text).not.toContain("Zaria");
    for (const id of [`${orderId}${NUL}`, "..%2F..", "x".repeat(8000)]) {
      const odd = await get(`/orders/${encodeURIComponent(id)}`, buyer.cookie);
      expect(odd.status, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(odd.status).toBeLessThan(500);
    }
    const visitor = await get(`/orders/${orderId}`);
    expect(visitor.status).toBe(302);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("requested");
    expect((await post(`/orders/${orderId}`, { intent: "cancel" }, buyer.cookie)).status).toBe(200);
  });
});

describe("/orders and /notifications", () => {
  it("show their first page whatever the address holds, and read-all clears the badge", async () => {
    for (const query of [
      "",
      "?role=seller",
      "?role=%00",
      "?page=x",
      `?page=${"9".repeat(50)}`,
      "?role=admin&page=-1",
    ]) {
      expect((await get(`/orders${query}`, buyer.cookie)).status, query).toBe(200);
      expect((await get(`/notifications${query}`, seller.cookie)).status, query).toBe(200);
    }
    expect(await prisma.notification.count({ where: { userId: seller.user.id, readAt: null } })).toBeGreaterThan(0);
    expect((await post("/notifications", { intent: "read-all" }, seller.cookie)).status).toBe(200);
    expect(await prisma.notification.count({ where: { userId: seller.user.id, readAt: null } })).toBe(0);
    expect((await post("/notifications", { intent: `read${NUL}` }, seller.cookie)).status).toBe(400);
  });
});

describe("addresses, cookies and accounts the pages may meet", () => {
  it("answers a lone surrogate in the path, a malformed cookie and a spent trial without a 5xx", async () => {
    const orderId = await sendFromCart(1);
    // A lone surrogate, encoded in the address: refused as an address, not an error.
    for (const path of ["/orders/%ED%A0%80", `/orders/${orderId}%ED%A0%80`]) {
      const odd = await get(path, buyer.cookie);
      expect(odd.status, path).toBe(400);
    }
    // A cookie that does not decode is ignored: the pages still show to their reader.
    for (const path of ["/cart", "/orders", `/orders/${orderId}`, "/notifications"]) {
      const page = await get(path, `${buyer.cookie}; asiiko-lang=%E0%A4%A; asiiko-theme=%00`);
      expect(page.status, path).toBe(200);
    }
    // A farmer whose trial is spent trades as anyone does: ordering is free.
    const spent = await signedInUser("USER", "op_spent");
    await prisma.user.update({
      where: { id: spent.user.id },
      data: { firstPremiumUseAt: new Date(Date.now() - 86_400_000) },
    });
    expect((await post("/cart", { intent: "quantity", listingId, quantity: "1" }, spent.cookie)).status).toBe(200);
    for (const path of ["/cart", "/orders", "/notifications"])
      expect((await get(path, spent.cookie)).status, path).toBe(200);
    expect((await get(`/orders/${orderId}`, spent.cookie)).status).toBe(404);
    await post(`/orders/${orderId}`, { intent: "cancel" }, buyer.cookie);
  });
});
