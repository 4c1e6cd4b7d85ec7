import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import { releaseBuyersHolds, releaseStock, reserveStock, takeOffStock } from "./stock.server";

// The listings module's writes of a listing's stock, on the real database (the order moves that
// call them are tested over HTTP in api.orders.integration.test.ts).

const tag = randomBytes(4).toString("hex");
const userIds: string[] = [];

async function user(name: string, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  const created = await prisma.user.create({
    data: { username: `stock_${name}_${tag}`, passwordHash: "x", firstName: name, lastName: "Test", ...data },
  });
  userIds.push(created.id);
  return created.id;
}

async function listing(sellerId: string, data: Partial<Prisma.ListingUncheckedCreateInput> = {}) {
  const created = await prisma.listing.create({
    data: {
      sellerId,
      title: "Yam tubers",
      priceNgn: "3000",
      quantity: 10,
      condition: "new",
      status: "active",
      images: ["/images/products/maize.svg"],
      locality: "Kano",
      ...data,
    },
  });
  return created.id;
}

const row = (id: string) =>
  prisma.listing.findUniqueOrThrow({ where: { id }, select: { quantity: true, reservedQuantity: true, status: true } });

const inTx = <T>(work: (tx: Prisma.TransactionClient) => Promise<T>) => prisma.$transaction(work);

afterAll(async () => {
  await prisma.order.deleteMany({ where: { buyerId: { in: userIds } } });
  await prisma.listing.deleteMany({ where: { sellerId: { in: userIds } } });
  await prisma.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("reserveStock", () => {
  it("holds what a listing on sale can still give, and nothing more", async () => {
    const id = await listing(await user("seller"), { quantity: 5, reservedQuantity: 2 });
    expect(await inTx((tx) => reserveStock(tx, id, 4))).toBe(false);
    expect(await inTx((tx) => reserveStock(tx, id, 3))).toBe(true);
    expect(await row(id)).toMatchObject({ quantity: 5, reservedQuantity: 5 });
    expect(await inTx((tx) => reserveStock(tx, id, 1))).toBe(false);
  });

  it("holds nothing of a listing not on sale: paused, sold, hidden, or its seller suspended", async () => {
    const seller = await user("others");
    const suspended = await user("suspended", { suspendedAt: new Date() });
    const ids = [
      await listing(seller, { status: "paused" }),
      await listing(seller, { status: "sold" }),
      await listing(seller, { hiddenAt: new Date(), hiddenCause: "moderator" }),
      await listing(suspended),
    ];
    for (const id of ids) {
      expect(await inTx((tx) => reserveStock(tx, id, 1)), id).toBe(false);
      expect((await row(id)).reservedQuantity).toBe(0);
    }
  });
});

describe("releaseStock", () => {
  it("gives back what was held, never below nothing", async () => {
    const id = await listing(await user("release"), { reservedQuantity: 4 });
    await inTx((tx) => releaseStock(tx, id, 3));
    expect((await row(id)).reservedQuantity).toBe(1);
    await inTx((tx) => releaseStock(tx, id, 3));
    expect((await row(id)).reservedQuantity).toBe(0);
  });
});

describe("releaseBuyersHolds", () => {
  it("gives back what the buyer's open orders hold, the agreed quantities, and nothing of anyone else's", async () => {
    const seller = await user("holder");
    const buyer = await user("leaving");
    const other = await user("staying");
    const id = await listing(seller, { quantity: 20, reservedQuantity: 12 });
    const order = (buyerId: string, status: "accepted" | "changes_proposed" | "completed", quantity: number) =>
      prisma.order.create({
        data: {
          reference: `T-${randomBytes(4).toString("hex")}`,
          buyerId,
          sellerId: seller,
          status,
          fulfilment: "pickup",
          totalNgn: "0",
          items: {
            create: [
              {
                listingId: id,
                name: "Yam",
                quantity,
                priceNgn: "3000",
                proposedQuantity: status === "changes_proposed" ? 2 : null,
              },
            ],
          },
        },
      });
    await order(buyer, "accepted", 4);
    await order(buyer, "changes_proposed", 9); // agreed: the 2 proposed
    await order(buyer, "completed", 5); // over: holds nothing
    await order(other, "accepted", 6);
    await inTx((tx) => releaseBuyersHolds(tx, buyer));
    expect((await row(id)).reservedQuantity).toBe(6);
  });
});

describe("takeOffStock", () => {
  it("takes the quantity and its reservation off, and a listing left with nothing becomes sold once", async () => {
    const id = await listing(await user("taken"), { quantity: 5, reservedQuantity: 5 });
    expect(await inTx((tx) => takeOffStock(tx, id, 2))).toEqual({ productId: null, town: "Kano", becameSold: false });
    expect(await row(id)).toEqual({ quantity: 3, reservedQuantity: 3, status: "active" });
    expect(await inTx((tx) => takeOffStock(tx, id, 3))).toMatchObject({ becameSold: true });
    expect(await row(id)).toEqual({ quantity: 0, reservedQuantity: 0, status: "sold" });
    expect(await inTx((tx) => takeOffStock(tx, id, 1))).toMatchObject({ becameSold: false });
    expect(await row(id)).toEqual({ quantity: 0, reservedQuantity: 0, status: "sold" });
  });

  it("answers null for a listing that is gone", async () => {
    expect(await inTx((tx) => takeOffStock(tx, "c000000000000000000000000", 1))).toBeNull();
  });
});
