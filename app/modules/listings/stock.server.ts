import { Prisma } from "~/generated/prisma/client";
import { availableSql, onSaleSql } from "./on-sale.server";
import { priceTown } from "./towns";

// A listing's stock, written here only (stock-owner.test.ts keeps it so): what accepted orders
// hold of it ("reservedQuantity"), what a completed order takes off it, and the sale that
// follows when nothing is left. The seller's own edits are listings.server.ts's. Each function
// runs in its caller's transaction, so the order's move and the stock it moves commit together.

/** What these functions need of a transaction (a seed's client passes too). */
type Tx = Pick<Prisma.TransactionClient, "$executeRaw" | "$queryRaw">;
type Writer = Pick<Prisma.TransactionClient, "$executeRaw">;

/**
 * Holds `quantity` of the listing for an accepted order, if it is on sale (on-sale.server.ts) and
 * can still give that many: two buyers cannot both get the last bags. Answers whether it held.
 */
export async function reserveStock(tx: Writer, listingId: string, quantity: number): Promise<boolean> {
  const held = await tx.$executeRaw`
    UPDATE "Listing" l SET "reservedQuantity" = l."reservedQuantity" + ${quantity}
    FROM "User" se
    WHERE l.id = ${listingId} AND se.id = l."sellerId" AND ${onSaleSql("l", "se")}
      AND ${availableSql("l")} >= ${quantity}`;
  return held > 0;
}

/** Gives `quantity` held for an order back to the listing (declined, cancelled, settled for the buyer). */
export async function releaseStock(tx: Writer, listingId: string, quantity: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Listing" SET "reservedQuantity" = GREATEST("reservedQuantity" - ${quantity}, 0)
    WHERE id = ${listingId}`;
}

/**
 * Gives back everything the buyer's open orders hold (the account is being deleted, and its orders
 * with it): what sellers held for them goes back on sale.
 */
export async function releaseBuyersHolds(tx: Writer, buyerId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Listing" l SET "reservedQuantity" = GREATEST(l."reservedQuantity" - held.quantity, 0)
    FROM (${heldByOpenOrders(Prisma.sql`o."buyerId" = ${buyerId}`)}) held
    WHERE l.id = held."listingId"`;
}

/** Sets each listing's reservation to what the open orders hold of it (the demo's orders, made as rows). */
export async function holdForOpenOrders(tx: Writer): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Listing" l SET "reservedQuantity" = held.quantity
    FROM (${heldByOpenOrders(Prisma.sql`true`)}) held
    WHERE l.id = held."listingId"`;
}

/** Per listing, what the open orders (those that hold: see orders/moves.ts) matching `which` hold. */
function heldByOpenOrders(which: Prisma.Sql) {
  return Prisma.sql`
    SELECT i."listingId", sum(coalesce(i."proposedQuantity", i.quantity))::int AS quantity
    FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId"
    WHERE ${which} AND i."listingId" IS NOT NULL
      AND o.status IN ('changes_proposed', 'accepted', 'delivered', 'disputed')
    GROUP BY i."listingId"`;
}

export interface TakenOff {
  productId: string | null;
  /** The town the listing's prices count in (priceTown), if it has one. */
  town: string | null;
  /** It had nothing left, and so became sold now (its search document changes). */
  becameSold: boolean;
}

/**
 * Takes a completed order's `quantity` off the listing, with what it held for it; a listing left
 * with nothing is sold. Null when the listing is gone.
 */
export async function takeOffStock(tx: Tx, listingId: string, quantity: number): Promise<TakenOff | null> {
  const [row] = await tx.$queryRaw<
    {
      status: string;
      before: string;
      productId: string | null;
      locality: string | null;
      latitude: number | null;
      longitude: number | null;
    }[]
  >`
    WITH before AS (SELECT status FROM "Listing" WHERE id = ${listingId} FOR UPDATE)
    UPDATE "Listing" l SET
      quantity = GREATEST(l.quantity - ${quantity}, 0),
      "reservedQuantity" = GREATEST(l."reservedQuantity" - ${quantity}, 0),
      status = CASE WHEN l.quantity - ${quantity} <= 0 THEN 'sold'::"ListingStatus" ELSE l.status END
    FROM before
    WHERE l.id = ${listingId}
    RETURNING l.status::text AS status, before.status::text AS before, l."productId", l.locality, l.latitude, l.longitude`;
  if (!row) return null;
  return {
    productId: row.productId,
    town: priceTown(row),
    becameSold: row.status === "sold" && row.before !== "sold",
  };
}
