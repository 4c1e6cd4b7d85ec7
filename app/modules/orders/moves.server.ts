import { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { releaseStock, reserveStock, takeOffStock } from "~/modules/listings/stock.server";
import { notify } from "~/modules/notifications/notifications.server";
import { recordPrice } from "~/modules/prices/prices.server";
import { notifyIndexing, recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { notFound, Refusal } from "~/server/refusal";
import { AUTO_COMPLETE_DAYS, type OrderStatus } from "./constants";
import { holdsReservation, isOtherPartysMove, movesFor, type Party } from "./moves";
import { agreedPrice, agreedQuantity, itemSelect, readOrder, type ItemRow } from "./reading.server";
import type { AcceptInput } from "./schemas";
import { textBuyerOfAnswer } from "./texts.server";
import type { MoveInput } from "./types";

// The moves on an order (moves.ts says who may make which, when), its completing by itself a
// week after delivery, and a moderator's settlement of a dispute. No money passes through Asiiko;
// what the product keeps true is the quantities, which the listings module writes
// (listings/stock.server.ts): the seller's acceptance reserves what was agreed, completion takes
// it off the listing (a listing at 0 is sold), a decline or a cancellation gives it back. Every
// move runs in one transaction with the order's row locked, so two moves at once happen one
// after the other and the second finds the state the first left (409 when its move no longer
// applies).

type Tx = Prisma.TransactionClient;

const DAY_MS = 24 * 60 * 60 * 1000;

interface LockedOrder {
  id: string;
  reference: string;
  status: OrderStatus;
  buyerId: string;
  sellerId: string;
}

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.$queryRaw<LockedOrder[]>`
    SELECT id, reference, status::text AS status, "buyerId", "sellerId"
    FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  return order ?? null;
}

const outOfStock = (name: string) => new Refusal("MKT_OUT_OF_STOCK", "orders.errors.notEnough", { params: { name } });

/** Holds an item's quantity on its listing, if the listing can still give it (else 409). */
async function reserve(tx: Tx, item: ItemRow) {
  if (!item.listingId || !(await reserveStock(tx, item.listingId, agreedQuantity(item)))) throw outOfStock(item.name);
}

/** Gives an item's held quantity back to its listing (if it is still there). */
async function release(tx: Tx, item: ItemRow) {
  if (item.listingId) await releaseStock(tx, item.listingId, agreedQuantity(item));
}

/**
 * Takes a completed order's quantities off its listings (their reservations with them); a listing
 * left with nothing is sold. Answers the listings that became sold (their search documents change).
 */
async function takeOff(tx: Tx, items: ItemRow[], orderId: string) {
  const sold: string[] = [];
  for (const item of items) {
    if (!item.listingId) continue;
    const taken = await takeOffStock(tx, item.listingId, agreedQuantity(item));
    // The agreed price is a trade in the market's prices, in the town the listing counts in.
    if (taken?.productId && taken.town)
      await recordPrice(tx, {
        productId: taken.productId,
        town: taken.town,
        priceNgn: agreedPrice(item),
        source: "trade",
        listingId: item.listingId,
        orderId,
      });
    if (taken?.becameSold) {
      await recordIndexChange(tx, "listing", item.listingId);
      sold.push(item.listingId);
    }
  }
  return sold;
}

async function complete(tx: Tx, order: LockedOrder, items: ItemRow[], now: Date) {
  const sold = await takeOff(tx, items, order.id);
  await tx.order.update({
    where: { id: order.id },
    data: { status: "completed", completedAt: now, closedAt: now, completesAt: null },
  });
  return sold;
}

/**
 * One move of one party's on an order (moves.ts says which, when). 404 for anyone but the two
 * parties; 403 AUTHZ_INSUFFICIENT_PERMISSIONS for the other party's move; 409 DB_CONSTRAINT_VIOLATION
 * when the order's state no longer allows it; 409 MKT_OUT_OF_STOCK when accepting finds the
 * listing cannot give what was agreed. Answers the order as the mover now reads it.
 */
export async function moveOrder(orderId: string, userId: string, move: MoveInput, now = new Date()) {
  if (!isRecordId(orderId)) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  const sold = await prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || (order.buyerId !== userId && order.sellerId !== userId))
      throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
    const party: Party = order.buyerId === userId ? "buyer" : "seller";
    if (!movesFor(order.status, party).includes(move.action)) {
      if (isOtherPartysMove(order.status, move.action, party))
        throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", `orders.errors.notYourMove`);
      throw new Refusal("DB_CONSTRAINT_VIOLATION", "orders.errors.noLongerApplies", {
        params: { status: order.status },
      });
    }
    const items = await tx.orderItem.findMany({ where: { orderId }, select: itemSelect, orderBy: { id: "asc" } });
    const other = party === "buyer" ? order.sellerId : order.buyerId;
    const told = { reference: order.reference };
    switch (move.action) {
      case "accept": {
        if (party === "buyer") {
          // The seller's changes, taken: held since the seller proposed them.
          if (move.input.items?.length)
            throw new Refusal("VLD_REQUIRED_FIELD", "orders.errors.buyerCannotChange", {
              fields: { items: ["orders.errors.buyerCannotChange"] },
            });
          await tx.order.update({ where: { id: orderId }, data: { status: "accepted", acceptedAt: now } });
          await notify(tx, other, "order_answered", { ...told, status: "accepted" }, orderId);
          return [];
        }
        const changed = applyChanges(items, move.input);
        for (const item of changed.items) await reserve(tx, item);
        for (const item of changed.items)
          if (item.proposedQuantity !== null || item.proposedPriceNgn !== null)
            await tx.orderItem.update({
              where: { id: item.id },
              data: { proposedQuantity: item.proposedQuantity, proposedPriceNgn: item.proposedPriceNgn },
            });
        const status = changed.any ? "changes_proposed" : "accepted";
        await tx.order.update({
          where: { id: orderId },
          data: { status, totalNgn: changed.total, acceptedAt: changed.any ? null : now },
        });
        await notify(tx, other, "order_answered", { ...told, status }, orderId);
        return [];
      }
      case "decline":
      case "cancel": {
        if (holdsReservation(order.status)) for (const item of items) await release(tx, item);
        const status = move.action === "decline" ? "declined" : "cancelled";
        await tx.order.update({
          where: { id: orderId },
          data: {
            status,
            closedAt: now,
            declineReason: move.action === "decline" ? move.input.reason : null,
          },
        });
        await notify(tx, other, "order_answered", { ...told, status }, orderId);
        return [];
      }
      case "deliver": {
        await tx.order.update({
          where: { id: orderId },
          data: {
            status: "delivered",
            deliveredAt: now,
            completesAt: new Date(now.getTime() + AUTO_COMPLETE_DAYS * DAY_MS),
          },
        });
        await notify(tx, other, "order_delivered", told, orderId);
        return [];
      }
      case "confirm": {
        const sold = await complete(tx, order, items, now);
        await notify(tx, other, "order_completed", told, orderId);
        return sold;
      }
      case "dispute": {
        await tx.order.update({ where: { id: orderId }, data: { status: "disputed", completesAt: null } });
        await tx.tradeReport.create({
          data: {
            kind: "dispute",
            orderId,
            reporterId: userId,
            reason: move.input.reason,
            note: move.input.note,
          },
        });
        await notify(tx, other, "order_answered", { ...told, status: "disputed" }, orderId);
        return [];
      }
    }
  });
  for (const listingId of sold) await notifyIndexing("listing", listingId);
  if (move.action === "accept" || move.action === "decline") await textBuyerOfAnswer(orderId, userId, now);
  return (await readOrder(orderId, userId))!;
}

/**
 * The seller's answer applied to the items: a changed quantity or price becomes a proposal (the
 * same values as asked are not a change). 400 for an item that is not the order's.
 */
function applyChanges(items: ItemRow[], input: AcceptInput) {
  const byId = new Map(items.map((item) => [item.id, { ...item }]));
  let any = false;
  for (const change of input.items ?? []) {
    const item = byId.get(change.id);
    if (!item)
      throw new Refusal("VLD_REQUIRED_FIELD", "orders.errors.item", { fields: { items: ["orders.errors.item"] } });
    if (change.quantity !== undefined && change.quantity !== item.quantity) {
      item.proposedQuantity = change.quantity;
      any = true;
    }
    if (change.priceNgn !== undefined && !new Prisma.Decimal(change.priceNgn).equals(item.priceNgn)) {
      item.proposedPriceNgn = new Prisma.Decimal(change.priceNgn);
      any = true;
    }
  }
  const changed = [...byId.values()];
  const total = changed.reduce(
    (sum, item) => sum.add(agreedPrice(item).mul(agreedQuantity(item))),
    new Prisma.Decimal(0),
  );
  return { items: changed, any, total };
}

/**
 * Completes the delivered orders whose week has passed without the buyer confirming or disputing
 * (the maintenance queue, every few minutes). Each in its own transaction with its row locked, so
 * a buyer's confirmation or dispute at the same moment wins or finds it completed. Answers how
 * many it completed.
 */
export async function completeDueOrders(now = new Date(), batch = 200): Promise<number> {
  const due = await prisma.order.findMany({
    where: { status: "delivered", completesAt: { lte: now } },
    select: { id: true },
    orderBy: { completesAt: "asc" },
    take: batch,
  });
  let completed = 0;
  for (const { id } of due) {
    const sold = await prisma.$transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || order.status !== "delivered") return null;
      const items = await tx.orderItem.findMany({ where: { orderId: id }, select: itemSelect });
      const sold = await complete(tx, order, items, now);
      const told = { reference: order.reference, by: "time" };
      await notify(tx, order.buyerId, "order_completed", told, id);
      await notify(tx, order.sellerId, "order_completed", told, id);
      return sold;
    });
    if (sold === null) continue;
    completed += 1;
    for (const listingId of sold) await notifyIndexing("listing", listingId);
  }
  return completed;
}

/**
 * A moderator's settlement of a disputed order, in the moderation's transaction: "complete" (the
 * seller was right: the stock leaves the listing) or "cancel" (the buyer was right: the stock goes
 * back on sale). 409 when the order is no longer disputed. Both parties are told. Answers the
 * listings that became sold.
 */
export async function settleDispute(tx: Tx, orderId: string, outcome: "complete" | "cancel", now = new Date()) {
  const order = await lockOrder(tx, orderId);
  if (!order || order.status !== "disputed")
    throw new Refusal("DB_CONSTRAINT_VIOLATION", "moderation.errors.alreadyResolved");
  const items = await tx.orderItem.findMany({ where: { orderId }, select: itemSelect });
  let sold: string[] = [];
  if (outcome === "complete") sold = await complete(tx, order, items, now);
  else {
    for (const item of items) await release(tx, item);
    await tx.order.update({ where: { id: orderId }, data: { status: "cancelled", closedAt: now } });
  }
  const told = { reference: order.reference, outcome: outcome === "complete" ? "completed" : "cancelled" };
  await notify(tx, order.buyerId, "moderation_outcome", told, orderId);
  await notify(tx, order.sellerId, "moderation_outcome", told, orderId);
  return sold;
}
