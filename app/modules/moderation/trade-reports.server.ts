import { isRecordId } from "~/lib/text";
import { assertAdministrator } from "~/modules/auth/roles";
import { notify } from "~/modules/notifications/notifications.server";
import { settleDispute } from "~/modules/orders/moves.server";
import { notifyIndexing } from "~/modules/search/indexing.server";
import { publicName } from "~/modules/sellers/public-profile";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { MODERATION_PAGE_SIZE, TRADE_RESOLVE_ACTIONS, type TradeAction } from "./constants";
import type { ReportInput } from "./schemas";

// Reports about trades, for the moderators beside the listings' reports: a buyer's dispute of a
// delivered order, a message of an order's thread, a review. A dispute is settled one way or the
// other (the order completes, or it is cancelled and the stock goes back on sale); a message or a
// review is dismissed or hidden (a hidden review leaves the seller's rating). The reporter is told
// the outcome, and for a dispute both parties are; nothing they are told names the moderator.

type Moderator = { id: string; role: string };

export interface TradeReportDto {
  id: string;
  kind: "dispute" | "message" | "review";
  reason: string;
  note: string | null;
  createdAt: string;
  reporter: string;
  order: {
    id: string;
    reference: string;
    status: string;
    totalNgn: string;
    buyer: { id: string; name: string };
    seller: { id: string; name: string };
  };
  /** What was reported: the message's or the review's words (and the review's stars). */
  content: { text: string | null; rating?: number; author: string } | null;
  /** What the moderator may do with it. */
  actions: readonly TradeAction[];
}

const party = { select: { id: true, firstName: true, lastName: true } } as const;

/** The open trade reports, oldest first (a dispute waits on them), and how many there are. */
export async function openTradeReports(moderator: Moderator) {
  assertAdministrator(moderator, "moderation.denied");
  const where = { status: "open" as const };
  const [rows, total] = await Promise.all([
    prisma.tradeReport.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MODERATION_PAGE_SIZE,
      select: {
        id: true,
        kind: true,
        reason: true,
        note: true,
        createdAt: true,
        reporter: { select: { firstName: true, lastName: true } },
        order: {
          select: { id: true, reference: true, status: true, totalNgn: true, buyer: party, seller: party },
        },
        message: { select: { body: true, author: { select: { firstName: true, lastName: true } } } },
        review: {
          select: { text: true, reply: true, rating: true, reviewer: { select: { firstName: true, lastName: true } } },
        },
      },
    }),
    prisma.tradeReport.count({ where }),
  ]);
  const name = (user: { firstName: string; lastName: string }) => publicName(user.firstName, user.lastName);
  const reports = rows.map((row): TradeReportDto => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    reporter: name(row.reporter),
    order: {
      id: row.order.id,
      reference: row.order.reference,
      status: row.order.status,
      totalNgn: row.order.totalNgn.toFixed(2),
      buyer: { id: row.order.buyer.id, name: name(row.order.buyer) },
      seller: { id: row.order.seller.id, name: name(row.order.seller) },
    },
    content: row.message
      ? { text: row.message.body, author: name(row.message.author) }
      : row.review
        ? {
            text: [row.review.text, row.review.reply].filter(Boolean).join(" / ") || null,
            rating: row.review.rating,
            author: name(row.review.reviewer),
          }
        : null,
    actions: TRADE_RESOLVE_ACTIONS[row.kind],
  }));
  return { reports, total };
}

/**
 * Settles one open trade report with an action its kind allows (400 otherwise; 404 unknown; 409
 * already settled). Open reports of the same message or review close with it.
 */
export async function resolveTradeReport(
  moderator: Moderator,
  reportId: string,
  input: { action: TradeAction; note?: string | null },
) {
  assertAdministrator(moderator, "moderation.denied");
  if (!isRecordId(reportId)) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
  const note = input.note ?? null;
  const sold = await prisma.$transaction(async (tx) => {
    const [report] = await tx.$queryRaw<
      {
        kind: "dispute" | "message" | "review";
        status: string;
        orderId: string;
        messageId: string | null;
        reviewId: string | null;
        reporterId: string;
      }[]
    >`SELECT kind::text AS kind, status::text AS status, "orderId", "messageId", "reviewId", "reporterId"
      FROM "TradeReport" WHERE id = ${reportId} FOR UPDATE`;
    if (!report) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
    if (report.status !== "open") throw new Refusal("DB_CONSTRAINT_VIOLATION", "moderation.errors.alreadyResolved");
    if (!(TRADE_RESOLVE_ACTIONS[report.kind] as readonly string[]).includes(input.action))
      throw new Refusal("VLD_REQUIRED_FIELD", "moderation.errors.tradeAction", {
        fields: { action: ["moderation.errors.tradeAction"] },
      });
    const order = await tx.order.findUniqueOrThrow({
      where: { id: report.orderId },
      select: { reference: true, sellerId: true, buyerId: true },
    });
    const recorded = await tx.moderationAction.create({
      data: { kind: input.action, note, moderatorId: moderator.id, userId: order.sellerId },
      select: { id: true, createdAt: true },
    });
    let sold: string[] = [];
    if (input.action === "complete_order" || input.action === "cancel_order") {
      sold = await settleDispute(
        tx,
        report.orderId,
        input.action === "complete_order" ? "complete" : "cancel",
        recorded.createdAt,
      );
    } else if (input.action === "hide_message" && report.messageId) {
      await tx.orderMessage.update({ where: { id: report.messageId }, data: { hiddenAt: recorded.createdAt } });
    } else if (input.action === "hide_review" && report.reviewId) {
      const review = await tx.review.findUniqueOrThrow({
        where: { id: report.reviewId },
        select: { rating: true, hiddenAt: true, sellerId: true },
      });
      if (!review.hiddenAt) {
        await tx.review.update({ where: { id: report.reviewId }, data: { hiddenAt: recorded.createdAt } });
        await tx.user.update({
          where: { id: review.sellerId },
          data: { reviewCount: { decrement: 1 }, reviewStars: { decrement: review.rating } },
        });
      }
    }
    // Every open report of the same thing closes with this one.
    const same =
      report.kind === "dispute"
        ? { orderId: report.orderId, kind: "dispute" as const }
        : report.kind === "message"
          ? { messageId: report.messageId }
          : { reviewId: report.reviewId };
    const reporters = await tx.tradeReport.findMany({
      where: { ...same, status: "open" },
      select: { reporterId: true },
    });
    await tx.tradeReport.updateMany({
      where: { ...same, status: "open" },
      data: {
        status: input.action === "dismiss" ? "dismissed" : "actioned",
        actionId: recorded.id,
        resolvedAt: recorded.createdAt,
      },
    });
    // A dispute's parties are told by its settlement; a message's or review's reporters here.
    if (report.kind !== "dispute")
      for (const reporterId of new Set(reporters.map((each) => each.reporterId)))
        await notify(
          tx,
          reporterId,
          "moderation_outcome",
          { reference: order.reference, outcome: input.action === "dismiss" ? "dismissed" : "hidden" },
          report.orderId,
        );
    return sold;
  });
  for (const listingId of sold) await notifyIndexing("listing", listingId);
  return { action: input.action };
}

/**
 * A signed-in user reports a review they can read (on the seller's page): anyone but its author;
 * one open report each (409).
 */
export async function reportReview(reviewId: string, reporterId: string, input: ReportInput) {
  if (!isRecordId(reviewId)) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
  const review = await prisma.review.findUnique({
    where: { id: reviewId },
    select: { orderId: true, reviewerId: true, hiddenAt: true, seller: { select: { suspendedAt: true } } },
  });
  if (!review || review.hiddenAt || review.seller.suspendedAt)
    throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
  if (review.reviewerId === reporterId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "reviews.errors.ownReview");
  const report = await prisma.tradeReport
    .create({
      data: {
        kind: "review",
        orderId: review.orderId,
        reviewId,
        reporterId,
        reason: input.reason,
        note: input.note ?? null,
      },
      select: { id: true, status: true, createdAt: true },
    })
    .catch((error: unknown) => {
      if (isDatabaseRefusal(error, "P2002")) throw new Refusal("DB_DUPLICATE_ENTRY", "orders.errors.alreadyReported");
      throw error;
    });
  return { ...report, createdAt: report.createdAt.toISOString() };
}
