import { lagosDate } from "~/lib/lagos-time";
import { randomInt } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { availableSql, onSaleSql } from "~/modules/listings/on-sale.server";
import { notify } from "~/modules/notifications/notifications.server";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { PREFERRED_DATE_MAX_DAYS } from "./constants";
import { naira, readOrder } from "./reading.server";
import type { CreateOrderInput } from "./schemas";
import { textSellerOfRequest } from "./texts.server";
import type { OrderDto } from "./types";

// A buyer's request: from the cart (one order per seller) or for one listing (the phone menu), at
// the listings' prices of its moment. Nothing is held yet: only the seller's acceptance reserves
// (moves.server.ts). Only what is on sale (on-sale.server.ts) and can still be given is asked for.

type Tx = Prisma.TransactionClient;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Letters and digits nobody confuses on a phone's screen or reads out wrong (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `AS-${code}`;
}

function checkPreferredDate(value: string | undefined, now: Date) {
  if (!value) return null;
  const today = lagosDate(now);
  const latest = new Date(`${today}T00:00:00Z`).getTime() + PREFERRED_DATE_MAX_DAYS * DAY_MS;
  if (value < today || new Date(`${value}T00:00:00Z`).getTime() > latest)
    throw new Refusal("VLD_REQUIRED_FIELD", "orders.errors.dateRange", {
      fields: { preferredDate: ["orders.errors.dateRange"] },
      params: { days: PREFERRED_DATE_MAX_DAYS },
    });
  return new Date(`${value}T00:00:00Z`);
}

interface CartRow {
  listingId: string;
  quantity: number;
  priceNgn: Prisma.Decimal;
  available: number;
  onSale: boolean;
  title: string | null;
  productName: string | null;
  unit: string | null;
}

/**
 * Sends an order request: one order from the buyer's cart items of one seller, at the listings'
 * prices of the moment; those items leave the cart. 400 when the cart holds nothing of that
 * seller's; 409 MKT_OUT_OF_STOCK when an item can no longer be had as the cart says (the cart
 * page shows what changed). The seller is told (a notification, and a text to a verified phone,
 * never at night).
 */
export async function createOrder(buyerId: string, input: CreateOrderInput, now = new Date()): Promise<OrderDto> {
  if (input.sellerId === buyerId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "cart.errors.ownListing");
  const preferredDate = checkPreferredDate(input.preferredDate ?? undefined, now);
  const orderId = await withFreshReference((reference) =>
    prisma.$transaction(async (tx) => {
      // One request of this buyer's at a time: a double tap makes one order, the second finds the cart empty.
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${buyerId} FOR UPDATE`;
      const rows = await tx.$queryRaw<CartRow[]>`
        SELECT c."listingId", c.quantity, l."priceNgn",
               ${availableSql("l")} AS available, ${onSaleSql("l", "se")} AS "onSale",
               l.title, p.name AS "productName", p.unit
        FROM "CartItem" c
        JOIN "Listing" l ON l.id = c."listingId"
        JOIN "User" se ON se.id = l."sellerId"
        LEFT JOIN "Product" p ON p.id = l."productId"
        WHERE c."userId" = ${buyerId} AND l."sellerId" = ${input.sellerId}
        ORDER BY c."createdAt", c."listingId"`;
      if (rows.length === 0)
        throw new Refusal("VLD_REQUIRED_FIELD", "orders.errors.emptyCart", {
          fields: { sellerId: ["orders.errors.emptyCart"] },
        });
      const gone = rows.filter((row) => !row.onSale || row.available < row.quantity);
      if (gone.length > 0)
        throw new Refusal("MKT_OUT_OF_STOCK", "orders.errors.cartChanged", {
          fields: { items: gone.map((row) => row.listingId) },
        });
      const order = await insertOrder(tx, reference, buyerId, input.sellerId, rows, {
        fulfilment: input.fulfilment,
        town: input.fulfilment === "delivery" ? (input.town ?? null) : null,
        deliveryNote: input.fulfilment === "delivery" ? (input.deliveryNote ?? null) : null,
        preferredDate,
        message: input.message ?? null,
      });
      await tx.cartItem.deleteMany({ where: { userId: buyerId, listingId: { in: rows.map((row) => row.listingId) } } });
      await notify(tx, input.sellerId, "order_requested", { reference, count: rows.length }, order.id);
      return order.id;
    }),
  );
  await textSellerOfRequest(orderId, now);
  return (await readOrder(orderId, buyerId))!;
}

/** An order request's row and its items, at the prices of the moment, in the caller's transaction. */
async function insertOrder(
  tx: Tx,
  reference: string,
  buyerId: string,
  sellerId: string,
  rows: CartRow[],
  details: {
    fulfilment: "pickup" | "delivery";
    town: string | null;
    deliveryNote: string | null;
    preferredDate: Date | null;
    message: string | null;
    placedByPhone?: boolean;
  },
) {
  const total = rows.reduce((sum, row) => sum.add(row.priceNgn.mul(row.quantity)), new Prisma.Decimal(0));
  return tx.order.create({
    data: {
      reference,
      buyerId,
      sellerId,
      ...details,
      totalNgn: total,
      items: {
        create: rows.map((row) => ({
          listingId: row.listingId,
          name: (row.productName ?? row.title ?? "").slice(0, 120),
          unit: row.unit,
          quantity: row.quantity,
          priceNgn: row.priceNgn,
        })),
      },
    },
    select: { id: true },
  });
}

/**
 * An order request for one listing without a cart (a basic phone's USSD menu): `quantity` of it,
 * to be picked up, at its price of the moment. 403 for the buyer's own listing; 409
 * MKT_OUT_OF_STOCK when it is not on sale or cannot give that many. The seller is told as for a
 * cart's request; an order asked for by phone has the seller's answer texted to the buyer.
 */
export async function requestListing(
  buyerId: string,
  input: { listingId: string; quantity: number },
  { placedByPhone = false }: { placedByPhone?: boolean } = {},
  now = new Date(),
): Promise<{ id: string; reference: string; sellerId: string; totalNgn: string }> {
  if (!isRecordId(input.listingId)) throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const placed = await withFreshReference((reference) =>
    prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${buyerId} FOR UPDATE`;
      const [row] = await tx.$queryRaw<(CartRow & { sellerId: string })[]>`
        SELECT l.id AS "listingId", ${input.quantity}::int AS quantity, l."priceNgn", l."sellerId",
               ${availableSql("l")} AS available, ${onSaleSql("l", "se")} AS "onSale",
               l.title, p.name AS "productName", p.unit
        FROM "Listing" l
        JOIN "User" se ON se.id = l."sellerId"
        LEFT JOIN "Product" p ON p.id = l."productId"
        WHERE l.id = ${input.listingId}`;
      if (!row) throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
      if (row.sellerId === buyerId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "cart.errors.ownListing");
      if (!row.onSale || row.available < input.quantity)
        throw new Refusal("MKT_OUT_OF_STOCK", "orders.errors.cartChanged", { fields: { items: [row.listingId] } });
      const order = await insertOrder(tx, reference, buyerId, row.sellerId, [row], {
        fulfilment: "pickup",
        town: null,
        deliveryNote: null,
        preferredDate: null,
        message: null,
        placedByPhone,
      });
      await notify(tx, row.sellerId, "order_requested", { reference, count: 1 }, order.id);
      return { id: order.id, reference, sellerId: row.sellerId, totalNgn: naira(row.priceNgn.mul(input.quantity)) };
    }),
  );
  await textSellerOfRequest(placed.id, now);
  return placed;
}

/** Makes a row with a new reference, trying again in the rare case the reference is taken. */
async function withFreshReference<T>(make: (reference: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await make(newReference());
    } catch (error) {
      if (attempt < 5 && isDatabaseRefusal(error, "P2002")) continue;
      throw error;
    }
  }
}
