import { plainLettersFor } from "~/lib/gsm";
import { randomInt } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { isLanguage } from "~/lib/i18n";
import { isRecordId } from "~/lib/text";
import { notify } from "~/modules/notifications/notifications.server";
import { markOrderRead } from "~/modules/notifications/notifications.server";
import { notifyIndexing, recordIndexChange } from "~/modules/search/indexing.server";
import { publicName } from "~/modules/sellers/public-profile";
import { queueSms, smsProviderName } from "~/modules/sms/sms.server";
import { priceTown } from "~/modules/listings/towns";
import { recordPrice } from "~/modules/prices/prices.server";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { Refusal, notFound } from "~/server/refusal";
import {
  AUTO_COMPLETE_DAYS,
  ORDERS_PAGE_SIZE,
  PREFERRED_DATE_MAX_DAYS,
  type OrderAction,
  type OrderStatus,
} from "./constants";
import { holdsReservation, isOtherPartysMove, movesFor, type Party } from "./moves";
import { quietHoursDelayMs } from "./quiet-hours";
import type { AcceptInput, CreateOrderInput, DisputeInput, OrderListQuery } from "./schemas";

// Orders: a buyer's request to one seller, the seller's answer, the handover and its
// confirmation. No money passes through Asiiko; what the product keeps true is who may do what
// when (moves.ts), and the quantities: the seller's acceptance reserves what was agreed (two
// buyers cannot both get the last bags), completion takes it off the listing (a listing at 0 is
// sold), a decline or a cancellation gives it back. Every move runs in one transaction with the
// order's row locked, so two moves at once happen one after the other and the second finds the
// state the first left (409 when its move no longer applies). Only the two parties ever read an
// order: to anyone else it does not exist (404).

type Tx = Prisma.TransactionClient;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Letters and digits nobody confuses on a phone's screen or reads out wrong (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `AS-${code}`;
}

const naira = (value: Prisma.Decimal) => value.toFixed(2);

export interface OrderItemDto {
  id: string;
  /** Null once the listing is gone (the order keeps what was asked for). */
  listingId: string | null;
  name: string;
  unit: string | null;
  quantity: number;
  priceNgn: string;
  /** What the seller proposed instead, when they did. */
  proposedQuantity: number | null;
  proposedPriceNgn: string | null;
  /** What counts: the proposal once made, else what was asked. */
  agreedQuantity: number;
  agreedPriceNgn: string;
  subtotalNgn: string;
}

export interface OrderParty {
  id: string;
  name: string;
  phoneVerified: boolean;
  /** The other party's verified phone, once the order is accepted (not before, and never unverified). */
  phone: string | null;
}

export interface OrderReviewDto {
  id: string;
  rating: number;
  text: string | null;
  reply: string | null;
  hidden: boolean;
  createdAt: string;
}

export interface OrderDto {
  id: string;
  reference: string;
  status: OrderStatus;
  fulfilment: "pickup" | "delivery";
  town: string | null;
  deliveryNote: string | null;
  preferredDate: string | null;
  message: string | null;
  totalNgn: string;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  deliveredAt: string | null;
  completesAt: string | null;
  completedAt: string | null;
  /** Who reads it. */
  role: Party;
  buyer: OrderParty;
  seller: OrderParty;
  items: OrderItemDto[];
  /** The moves the reader may make now. */
  actions: OrderAction[];
  review: OrderReviewDto | null;
  /** Whether the reader may review it now (its buyer, completed, not reviewed yet). */
  canReview: boolean;
  /** Whether the reader may answer its review now (its seller, a review without an answer). */
  canReply: boolean;
}

export interface OrderSummary {
  id: string;
  reference: string;
  status: OrderStatus;
  role: Party;
  /** The other party's public name. */
  otherParty: string;
  totalNgn: string;
  itemCount: number;
  /** The first item's name, for the list's line ('Maize and 2 more'). */
  firstItem: string;
  fulfilment: "pickup" | "delivery";
  preferredDate: string | null;
  createdAt: string;
  updatedAt: string;
}

const itemSelect = {
  id: true,
  listingId: true,
  name: true,
  unit: true,
  quantity: true,
  priceNgn: true,
  proposedQuantity: true,
  proposedPriceNgn: true,
} as const;
type ItemRow = Prisma.OrderItemGetPayload<{ select: typeof itemSelect }>;

const agreedQuantity = (item: ItemRow) => item.proposedQuantity ?? item.quantity;
const agreedPrice = (item: ItemRow) => item.proposedPriceNgn ?? item.priceNgn;

function itemDto(item: ItemRow): OrderItemDto {
  const quantity = agreedQuantity(item);
  const price = agreedPrice(item);
  return {
    id: item.id,
    listingId: item.listingId,
    name: item.name,
    unit: item.unit,
    quantity: item.quantity,
    priceNgn: naira(item.priceNgn),
    proposedQuantity: item.proposedQuantity,
    proposedPriceNgn: item.proposedPriceNgn ? naira(item.proposedPriceNgn) : null,
    agreedQuantity: quantity,
    agreedPriceNgn: naira(price),
    subtotalNgn: naira(price.mul(quantity)),
  };
}

const partySelect = { id: true, firstName: true, lastName: true, phone: true, phoneVerifiedAt: true } as const;
type PartyRow = Prisma.UserGetPayload<{ select: typeof partySelect }>;

/** Phones are shared once the two have agreed, for the handover. */
const SHARES_PHONES: readonly OrderStatus[] = ["accepted", "delivered", "disputed", "completed"];

function partyDto(user: PartyRow, status: OrderStatus, isReader: boolean): OrderParty {
  const verified = user.phoneVerifiedAt !== null && user.phone !== null;
  return {
    id: user.id,
    name: publicName(user.firstName, user.lastName),
    phoneVerified: verified,
    phone: !isReader && verified && SHARES_PHONES.includes(status) ? user.phone : null,
  };
}

const orderSelect = {
  id: true,
  reference: true,
  status: true,
  fulfilment: true,
  town: true,
  deliveryNote: true,
  preferredDate: true,
  message: true,
  totalNgn: true,
  declineReason: true,
  createdAt: true,
  updatedAt: true,
  acceptedAt: true,
  deliveredAt: true,
  completesAt: true,
  completedAt: true,
  buyerId: true,
  sellerId: true,
  buyer: { select: partySelect },
  seller: { select: partySelect },
  items: { select: itemSelect, orderBy: [{ name: "asc" as const }, { id: "asc" as const }] },
  review: { select: { id: true, rating: true, text: true, reply: true, hiddenAt: true, createdAt: true } },
} satisfies Prisma.OrderSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An order as one of its parties reads it; null for anyone else. */
async function readOrder(orderId: string, userId: string): Promise<OrderDto | null> {
  if (!isRecordId(orderId)) return null;
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: orderSelect });
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) return null;
  const role: Party = order.buyerId === userId ? "buyer" : "seller";
  const review = order.review;
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    fulfilment: order.fulfilment,
    town: order.town,
    deliveryNote: order.deliveryNote,
    preferredDate: order.preferredDate ? order.preferredDate.toISOString().slice(0, 10) : null,
    message: order.message,
    totalNgn: naira(order.totalNgn),
    declineReason: order.declineReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    acceptedAt: iso(order.acceptedAt),
    deliveredAt: iso(order.deliveredAt),
    completesAt: iso(order.completesAt),
    completedAt: iso(order.completedAt),
    role,
    buyer: partyDto(order.buyer, order.status, role === "buyer"),
    seller: partyDto(order.seller, order.status, role === "seller"),
    items: order.items.map(itemDto),
    actions: [...movesFor(order.status, role)],
    review: review
      ? {
          id: review.id,
          rating: review.rating,
          // A review a moderator hid is not shown, to its seller either; its buyer sees that it was hidden.
          text: review.hiddenAt ? null : review.text,
          reply: review.hiddenAt ? null : review.reply,
          hidden: review.hiddenAt !== null,
          createdAt: review.createdAt.toISOString(),
        }
      : null,
    canReview: role === "buyer" && order.status === "completed" && !review,
    canReply: role === "seller" && review !== null && review.reply === null && review.hiddenAt === null,
  };
}

/**
 * One order, for one of its two parties (404 DB_RECORD_NOT_FOUND for anyone else, as for an order
 * that does not exist). Opening it marks what told the reader of it read.
 */
export async function getOrder(orderId: string, userId: string): Promise<OrderDto> {
  const order = await readOrder(orderId, userId);
  if (!order) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  await markOrderRead(userId, order.id);
  return order;
}

/** One page of the user's orders as buyer or as seller, newest activity first. */
export async function listOrders(userId: string, query: OrderListQuery) {
  const where: Prisma.OrderWhereInput = {
    ...(query.role === "buyer" ? { buyerId: userId } : { sellerId: userId }),
    ...(query.status ? { status: query.status } : {}),
  };
  const other = query.role === "buyer" ? "seller" : "buyer";
  const [rows, total] = await Promise.all([
    prisma.order.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * ORDERS_PAGE_SIZE,
      take: ORDERS_PAGE_SIZE,
      select: {
        id: true,
        reference: true,
        status: true,
        totalNgn: true,
        fulfilment: true,
        preferredDate: true,
        createdAt: true,
        updatedAt: true,
        buyer: { select: { firstName: true, lastName: true } },
        seller: { select: { firstName: true, lastName: true } },
        items: { select: { name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] },
      },
    }),
    prisma.order.count({ where }),
  ]);
  const orders = rows.map((row): OrderSummary => {
    const party = row[other];
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      role: query.role,
      otherParty: publicName(party.firstName, party.lastName),
      totalNgn: naira(row.totalNgn),
      itemCount: row.items.length,
      firstItem: row.items[0]?.name ?? "",
      fulfilment: row.fulfilment,
      preferredDate: row.preferredDate ? row.preferredDate.toISOString().slice(0, 10) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { orders, total, page: query.page, pageSize: ORDERS_PAGE_SIZE };
}

/** Today's date in Lagos (UTC+1), as 'YYYY-MM-DD'. */
export const lagosToday = (now: Date) => new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

function checkPreferredDate(value: string | undefined, now: Date) {
  if (!value) return null;
  const today = lagosToday(now);
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
               l.quantity - l."reservedQuantity" AS available,
               (l.status = 'active' AND l."hiddenAt" IS NULL AND se."suspendedAt" IS NULL) AS "onSale",
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
               l.quantity - l."reservedQuantity" AS available,
               (l.status = 'active' AND l."hiddenAt" IS NULL AND se."suspendedAt" IS NULL) AS "onSale",
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

/**
 * A text to the seller's verified phone about a new request, in their language, one per order;
 * at night it waits for the morning. A text that cannot be queued does not undo the order (the
 * notification is there).
 */
async function textSellerOfRequest(orderId: string, now: Date) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      reference: true,
      _count: { select: { items: true } },
      buyer: { select: { firstName: true, lastName: true } },
      seller: { select: { id: true, phone: true, phoneVerifiedAt: true, language: true } },
    },
  });
  const seller = order?.seller;
  if (!order || !seller?.phone || !seller.phoneVerifiedAt || !smsProviderName()) return;
  const t = await getFixedT(isLanguage(seller.language) ? seller.language : "en");
  const body = t("orders.sms.requested", {
    reference: order.reference,
    buyer: publicName(order.buyer.firstName, order.buyer.lastName),
    count: order._count.items,
  });
  try {
    await queueSms({
      to: seller.phone,
      body,
      kind: "order_request",
      userId: seller.id,
      plainLetters: plainLettersFor(seller.language),
      delayMs: quietHoursDelayMs(now),
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "the seller's text about an order request could not be queued");
  }
}

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
  const quantity = agreedQuantity(item);
  if (!item.listingId) throw outOfStock(item.name);
  const held = await tx.$executeRaw`
    UPDATE "Listing" SET "reservedQuantity" = "reservedQuantity" + ${quantity}
    WHERE id = ${item.listingId} AND status = 'active' AND "hiddenAt" IS NULL
      AND quantity - "reservedQuantity" >= ${quantity}`;
  if (held === 0) throw outOfStock(item.name);
}

/** Gives an item's held quantity back to its listing (if it is still there). */
async function release(tx: Tx, item: ItemRow) {
  if (!item.listingId) return;
  await tx.$executeRaw`
    UPDATE "Listing" SET "reservedQuantity" = GREATEST("reservedQuantity" - ${agreedQuantity(item)}, 0)
    WHERE id = ${item.listingId}`;
}

/**
 * Takes a completed order's quantities off its listings (their reservations with them); a listing
 * left with nothing is sold. Answers the listings that became sold (their search documents change).
 */
async function takeOff(tx: Tx, items: ItemRow[], orderId: string) {
  const sold: string[] = [];
  for (const item of items) {
    if (!item.listingId) continue;
    const quantity = agreedQuantity(item);
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
      WITH before AS (SELECT status FROM "Listing" WHERE id = ${item.listingId} FOR UPDATE)
      UPDATE "Listing" l SET
        quantity = GREATEST(l.quantity - ${quantity}, 0),
        "reservedQuantity" = GREATEST(l."reservedQuantity" - ${quantity}, 0),
        status = CASE WHEN l.quantity - ${quantity} <= 0 THEN 'sold'::"ListingStatus" ELSE l.status END
      FROM before
      WHERE l.id = ${item.listingId}
      RETURNING l.status::text AS status, before.status::text AS before, l."productId", l.locality, l.latitude, l.longitude`;
    // The agreed price is a trade in the market's prices, in the town the listing counts in.
    const town = row ? priceTown(row) : null;
    if (row?.productId && town)
      await recordPrice(tx, {
        productId: row.productId,
        town,
        priceNgn: agreedPrice(item),
        source: "trade",
        listingId: item.listingId,
        orderId,
      });
    if (row && row.status === "sold" && row.before !== "sold") {
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

export type MoveInput =
  | { action: "accept"; input: AcceptInput }
  | { action: "decline"; input: { reason: string } }
  | { action: "dispute"; input: DisputeInput }
  | { action: "cancel" | "deliver" | "confirm"; input: Record<string, never> };

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
 * The seller's answer to a request asked for by phone, texted to its buyer, who may have no web
 * (a notification waits for them too): accepted, with the seller's verified number (shared once
 * accepted, as the order page shares it); changed, with the new total; declined, with why.
 */
async function textBuyerOfAnswer(orderId: string, moverId: string, now: Date) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      reference: true,
      status: true,
      placedByPhone: true,
      sellerId: true,
      totalNgn: true,
      declineReason: true,
      buyer: { select: { id: true, phone: true, phoneVerifiedAt: true, language: true } },
      seller: { select: { firstName: true, lastName: true, phone: true, phoneVerifiedAt: true } },
    },
  });
  if (!order?.placedByPhone || order.sellerId !== moverId) return;
  const { buyer, seller } = order;
  if (!buyer.phone || !buyer.phoneVerifiedAt || !smsProviderName()) return;
  const t = await getFixedT(isLanguage(buyer.language) ? buyer.language : "en");
  const named = {
    reference: order.reference,
    seller: publicName(seller.firstName, seller.lastName),
    phone: seller.phoneVerifiedAt ? seller.phone : null,
  };
  const body =
    order.status === "accepted"
      ? named.phone
        ? t("ussd.sms.orderAccepted", named)
        : t("ussd.sms.orderAcceptedNoPhone", named)
      : order.status === "changes_proposed"
        ? t("ussd.sms.orderChanged", { ...named, total: `N${Number(order.totalNgn).toLocaleString("en-NG")}` })
        : order.status === "declined"
          ? t("ussd.sms.orderDeclined", { ...named, reason: order.declineReason ?? "" })
          : null;
  if (!body) return;
  try {
    await queueSms({
      to: buyer.phone,
      body,
      kind: "order_buyer",
      userId: buyer.id,
      plainLetters: plainLettersFor(buyer.language),
      delayMs: quietHoursDelayMs(now),
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "the buyer's text about the seller's answer could not be queued");
  }
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
