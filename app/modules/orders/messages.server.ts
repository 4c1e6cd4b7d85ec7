import { isRecordId } from "~/lib/text";
import { notifyMessage } from "~/modules/notifications/notifications.server";
import { publicName } from "~/modules/sellers/public-profile";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { ORDER_MESSAGES_MAX } from "./constants";
import type { ReportInput } from "~/modules/moderation/schemas";

// An order's thread: short messages between its two parties, for what they negotiate (the
// quantity, the price, where to meet). Only the two read or write it; to anyone else the order
// does not exist (404). Each message tells the other party (one notification per unread thread);
// the one who receives a message may report it to the moderators, who may hide it.

export interface OrderMessageDto {
  id: string;
  /** Written by the reader. */
  mine: boolean;
  author: string;
  /** Null once a moderator hid it. */
  body: string | null;
  hidden: boolean;
  createdAt: string;
}

async function partyOf(orderId: string, userId: string) {
  if (!isRecordId(orderId)) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { id: true, reference: true, buyerId: true, sellerId: true },
  });
  if (!order || (order.buyerId !== userId && order.sellerId !== userId))
    throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  return { ...order, other: order.buyerId === userId ? order.sellerId : order.buyerId };
}

/** The thread, oldest first, as one of the two parties reads it. */
export async function listMessages(orderId: string, userId: string): Promise<OrderMessageDto[]> {
  await partyOf(orderId, userId);
  const rows = await prisma.orderMessage.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: ORDER_MESSAGES_MAX,
    select: {
      id: true,
      authorId: true,
      body: true,
      hiddenAt: true,
      createdAt: true,
      author: { select: { firstName: true, lastName: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    mine: row.authorId === userId,
    author: publicName(row.author.firstName, row.author.lastName),
    body: row.hiddenAt ? null : row.body,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Adds a message of one party's to the thread (403 AUTHZ_FEATURE_LIMIT_REACHED once it is full). */
export async function postMessage(orderId: string, userId: string, body: string): Promise<OrderMessageDto> {
  const order = await partyOf(orderId, userId);
  const message = await prisma.$transaction(async (tx) => {
    // One message of this order's at a time, so the count holds.
    await tx.$executeRaw`SELECT 1 FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    if ((await tx.orderMessage.count({ where: { orderId } })) >= ORDER_MESSAGES_MAX)
      throw new Refusal("AUTHZ_FEATURE_LIMIT_REACHED", "orders.errors.threadFull", {
        params: { count: ORDER_MESSAGES_MAX },
      });
    const created = await tx.orderMessage.create({
      data: { orderId, authorId: userId, body },
      select: { id: true, body: true, createdAt: true, author: { select: { firstName: true, lastName: true } } },
    });
    await notifyMessage(tx, order.other, orderId, order.reference);
    return created;
  });
  return {
    id: message.id,
    mine: true,
    author: publicName(message.author.firstName, message.author.lastName),
    body: message.body,
    hidden: false,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * The receiver of a message reports it to the moderators (their own: 403; one open report each:
 * 409 DB_DUPLICATE_ENTRY).
 */
export async function reportMessage(orderId: string, messageId: string, userId: string, input: ReportInput) {
  await partyOf(orderId, userId);
  if (!isRecordId(messageId)) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  const message = await prisma.orderMessage.findUnique({
    where: { id: messageId },
    select: { orderId: true, authorId: true },
  });
  if (!message || message.orderId !== orderId) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  if (message.authorId === userId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "orders.errors.ownMessage");
  const report = await prisma.tradeReport
    .create({
      data: { kind: "message", orderId, messageId, reporterId: userId, reason: input.reason, note: input.note ?? null },
      select: { id: true, reason: true, status: true, createdAt: true },
    })
    .catch((error: unknown) => {
      if (isDatabaseRefusal(error, "P2002")) throw new Refusal("DB_DUPLICATE_ENTRY", "orders.errors.alreadyReported");
      throw error;
    });
  return { ...report, createdAt: report.createdAt.toISOString() };
}
