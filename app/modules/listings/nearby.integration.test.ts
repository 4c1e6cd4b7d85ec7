import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { signedInUser, type SignedIn } from "../../../tests/support/api-client";
import { createListing, createProduct } from "../../../tests/support/market";
import { nearestOnSale } from "./nearby.server";

// The listings a basic phone's buyer chooses from (the USSD menu's "Buy"), against the real
// database: on sale by the one rule (active, not hidden, seller not suspended), something still
// available, never the buyer's own, nearest first and those without a place last.

const IBADAN = { latitude: 7.3775, longitude: 3.947 };
let buyer: SignedIn;
let near: SignedIn;
let far: SignedIn;
let suspended: SignedIn;
let productId = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  [buyer, near, far, suspended] = await Promise.all([
    signedInUser("USER", "nearby_buyer"),
    signedInUser("USER", "nearby_near"),
    signedInUser("USER", "nearby_far"),
    signedInUser("USER", "nearby_suspended"),
  ]);
  await prisma.user.update({ where: { id: suspended.user.id }, data: { suspendedAt: new Date() } });
  productId = (await createProduct({ name: "Nearby Sorghum", unit: "bags" })).id;
  const place = (latitude: number, longitude: number) => ({ latitude, longitude });
  const make = async (name: string, sellerId: string, data: Parameters<typeof createListing>[1]) => {
    ids[name] = (await createListing(sellerId, { productId, ...data })).id;
  };
  await make("ibadan", near.user.id, { ...place(7.38, 3.95), quantity: 10, reservedQuantity: 4 });
  await make("lagos", far.user.id, { ...place(6.45, 3.4), priceNgn: "4000.00" });
  await make("kano", far.user.id, { ...place(12.0, 8.52) });
  await make("nowhere", far.user.id, {});
  await make("own", buyer.user.id, { ...place(7.3775, 3.947) });
  await make("paused", near.user.id, { ...place(7.3775, 3.947), status: "paused" });
  await make("hidden", near.user.id, { ...place(7.3775, 3.947), hiddenAt: new Date() });
  await make("reserved", near.user.id, { ...place(7.3775, 3.947), quantity: 2, reservedQuantity: 2 });
  await make("suspended", suspended.user.id, { ...place(7.3775, 3.947) });
  await make("otherProduct", near.user.id, {
    ...place(7.3775, 3.947),
    productId: (await createProduct({ name: "Nearby Millet" })).id,
  });
});

describe("nearestOnSale", () => {
  it("answers what is on sale and available, not the buyer's own, nearest first and placeless last", async () => {
    const found = await nearestOnSale(productId, IBADAN, buyer.user.id, 10);
    expect(found.map((row) => row.id)).toEqual([ids.ibadan, ids.lagos, ids.kano, ids.nowhere]);
    expect(found[0]).toMatchObject({ priceNgn: "5000.00", available: 6, verified: false, latitude: 7.38 });
    expect(found[1]).toMatchObject({ priceNgn: "4000.00", available: 3 });
    expect(found[0]!.sellerFirstName).toBe(near.user.firstName);
  });

  it("takes at most as many as asked, and a caller without an account sees every seller's", async () => {
    expect((await nearestOnSale(productId, IBADAN, buyer.user.id, 2)).map((row) => row.id)).toEqual([
      ids.ibadan,
      ids.lagos,
    ]);
    const anyone = await nearestOnSale(productId, { latitude: 12, longitude: 8.5 }, null, 10);
    expect(anyone.map((row) => row.id)).toEqual([ids.kano, ids.ibadan, ids.own, ids.lagos, ids.nowhere]);
  });
});
