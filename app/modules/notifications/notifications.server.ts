import type { NotificationKind, Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";

// Notifications: what happened for a user (an order request, an answer, a delivery, a message, a
// review, a moderator's decision, a pass about to end), for the Notifications page and the unread
// badge. A row holds the kind and what its text needs (an order's reference, a status), never a
// sentence: the page writes it in the reader's language. They are written in the transaction of
// what they tell of, so one is never told of what did not happen.

type Db = Prisma.TransactionClient | typeof prisma;

/** Notifications shown on one page, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface NotificationData {
  reference?: string;
  status?: string;
  /** Unread messages told of by one notification (a thread's messages are told of together). */
  count?: number;
  rating?: number;
  outcome?: string;
  endsAt?: string;
  [key: string]: string | number | undefined;
}

export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  orderId: string | null;
  data: NotificationData;
  read: boolean;
  createdAt: string;
}

/** Tells `userId` of something, in the caller's transaction. */
export async function notify(
  db: Db,
  userId: string,
  kind: NotificationKind,
  data: NotificationData,
  orderId: string | null = null,
) {
  await db.notification.create({ data: { userId, kind, data: clean(data), orderId } });
}

/**
 * Tells `userId` of a new message on an order: while an earlier one of that order is unread, that
 * one counts it (and comes back to the top) rather than a row per message.
 */
export async function notifyMessage(db: Db, userId: string, orderId: string, reference: string) {
  const unread = await db.notification.findFirst({
    where: { userId, orderId, kind: "order_message", readAt: null },
    select: { id: true, data: true },
  });
  if (!unread) {
    await notify(db, userId, "order_message", { reference, count: 1 }, orderId);
    return;
  }
  const count = Number((unread.data as NotificationData).count ?? 1) + 1;
  await db.notification.update({
    where: { id: unread.id },
    data: { data: { reference, count }, createdAt: new Date() },
  });
}

const clean = (data: NotificationData) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Prisma.InputJsonObject;

/** One page of the user's notifications, newest first, and how many are unread. */
export async function listNotifications(userId: string, page = 1) {
  const [rows, unread] = await Promise.all([
    prisma.notification.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: NOTIFICATIONS_PAGE_SIZE + 1,
      skip: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
      select: { id: true, kind: true, orderId: true, data: true, readAt: true, createdAt: true },
    }),
    unreadCount(userId),
  ]);
  const notifications = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((row): NotificationDto => ({
    id: row.id,
    kind: row.kind,
    orderId: row.orderId,
    data: (row.data ?? {}) as NotificationData,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { notifications, unread, hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE };
}

/** The badge's number (a partial index over unread rows answers it). */
export function unreadCount(userId: string): Promise<number> {
  return prisma.notification.count({ where: { userId, readAt: null } });
}

/** Marks the user's notifications read: these ids, or every one. Answers how many are left unread. */
export async function markRead(userId: string, ids: readonly string[] | "all") {
  await prisma.notification.updateMany({
    where: { userId, readAt: null, ...(ids === "all" ? {} : { id: { in: [...ids] } }) },
    data: { readAt: new Date() },
  });
  return unreadCount(userId);
}

/** Marks what tells of one order read, when its page is opened by the user it was for. */
export async function markOrderRead(userId: string, orderId: string) {
  await prisma.notification.updateMany({ where: { userId, orderId, readAt: null }, data: { readAt: new Date() } });
}
