import type { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { markOrderRead } from "~/modules/notifications/notifications.server";
import { publicName } from "~/modules/sellers/public-profile";
import { prisma } from "~/server/db.server";
import { notFound } from "~/server/refusal";
import { ORDERS_PAGE_SIZE, type OrderStatus } from "./constants";
import { movesFor, type Party } from "./moves";
import type { OrderListQuery } from "./schemas";
import type { OrderDto, OrderItemDto, OrderParty, OrderSummary } from "./types";

// Orders: a buyer's request to one seller, the seller's answer, the handover and its
// confirmation (requesting.server.ts, moves.server.ts). Only the two parties ever read an
// order: to anyone else it does not exist (404). This file reads one, or a page of them, as its
// reader is shown it.

export const naira = (value: Prisma.Decimal) => value.toFixed(2);

export const itemSelect = {
  id: true,
  listingId: true,
  name: true,
  unit: true,
  quantity: true,
  priceNgn: true,
  proposedQuantity: true,
  proposedPriceNgn: true,
} as const;
export type ItemRow = Prisma.OrderItemGetPayload<{ select: typeof itemSelect }>;

export const agreedQuantity = (item: ItemRow) => item.proposedQuantity ?? item.quantity;
export const agreedPrice = (item: ItemRow) => item.proposedPriceNgn ?? item.priceNgn;

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
export async function readOrder(orderId: string, userId: string): Promise<OrderDto | null> {
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
