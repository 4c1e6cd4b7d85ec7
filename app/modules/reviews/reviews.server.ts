import { isRecordId } from "~/lib/text";
import { notify } from "~/modules/notifications/notifications.server";
import { publicName } from "~/modules/sellers/public-profile";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { REVIEWS_PAGE_SIZE, type ReviewInput } from "./schemas";
import { ratingOf } from "~/modules/listings/rating";

// Reviews: after an order completes, its buyer may rate the seller once for it (1 to 5 stars, a
// short text), and the seller may answer once. No review without a trade: only a completed order
// gives the right. The seller's count and stars are kept on their row with each change (cards
// show the average without counting); a review a moderator hides leaves them.

export interface ReviewDto {
  id: string;
  rating: number;
  text: string | null;
  reply: string | null;
  /** The reviewer's public name ('Ngozi A.'). */
  reviewer: string;
  /** What they bought, as the order names its first item. */
  bought: string | null;
  createdAt: string;
  repliedAt: string | null;
}

/** The buyer of a completed order rates its seller (409 before completion, and for a second review). */
export async function reviewOrder(orderId: string, userId: string, input: ReviewInput) {
  if (!isRecordId(orderId)) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  const review = await prisma
    .$transaction(async (tx) => {
      const [order] = await tx.$queryRaw<{ buyerId: string; sellerId: string; status: string; reference: string }[]>`
        SELECT "buyerId", "sellerId", status::text AS status, reference FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
      if (!order || (order.buyerId !== userId && order.sellerId !== userId))
        throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
      if (order.buyerId !== userId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "reviews.errors.onlyBuyer");
      if (order.status !== "completed") throw new Refusal("DB_CONSTRAINT_VIOLATION", "reviews.errors.notCompleted");
      const created = await tx.review.create({
        data: { orderId, reviewerId: userId, sellerId: order.sellerId, rating: input.rating, text: input.text ?? null },
        select: { id: true, rating: true, text: true, createdAt: true },
      });
      await tx.user.update({
        where: { id: order.sellerId },
        data: { reviewCount: { increment: 1 }, reviewStars: { increment: input.rating } },
      });
      await notify(
        tx,
        order.sellerId,
        "review_received",
        { reference: order.reference, rating: input.rating },
        orderId,
      );
      return created;
    })
    .catch((error: unknown) => {
      if (isDatabaseRefusal(error, "P2002")) throw new Refusal("DB_DUPLICATE_ENTRY", "reviews.errors.already");
      throw error;
    });
  return { ...review, createdAt: review.createdAt.toISOString() };
}

/** The seller answers the review of one of their orders, once (409 for a second answer). */
export async function replyToReview(orderId: string, userId: string, reply: string) {
  if (!isRecordId(orderId)) throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { buyerId: true, sellerId: true, review: { select: { id: true, reply: true, hiddenAt: true } } },
  });
  if (!order || (order.buyerId !== userId && order.sellerId !== userId))
    throw notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound");
  if (order.sellerId !== userId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "reviews.errors.onlySeller");
  if (!order.review || order.review.hiddenAt) throw new Refusal("DB_RECORD_NOT_FOUND", "reviews.errors.noReview");
  const answered = await prisma.review.updateMany({
    where: { id: order.review.id, reply: null },
    data: { reply, repliedAt: new Date() },
  });
  if (answered.count === 0) throw new Refusal("DB_DUPLICATE_ENTRY", "reviews.errors.alreadyAnswered");
  return { reply };
}

/** A seller's shown reviews, newest first, with their rating. */
export async function sellerReviews(sellerId: string, page = 1) {
  const seller = isRecordId(sellerId)
    ? await prisma.user.findUnique({
        where: { id: sellerId },
        select: { suspendedAt: true, reviewCount: true, reviewStars: true },
      })
    : null;
  if (!seller || seller.suspendedAt) throw new Refusal("MKT_SELLER_UNAVAILABLE", "sellers.notFound");
  const rows = await prisma.review.findMany({
    where: { sellerId, hiddenAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * REVIEWS_PAGE_SIZE,
    take: REVIEWS_PAGE_SIZE,
    select: {
      id: true,
      rating: true,
      text: true,
      reply: true,
      createdAt: true,
      repliedAt: true,
      reviewer: { select: { firstName: true, lastName: true } },
      order: { select: { items: { select: { name: true }, orderBy: [{ name: "asc" }, { id: "asc" }], take: 1 } } },
    },
  });
  const reviews = rows.map((row): ReviewDto => ({
    id: row.id,
    rating: row.rating,
    text: row.text,
    reply: row.reply,
    reviewer: publicName(row.reviewer.firstName, row.reviewer.lastName),
    bought: row.order.items[0]?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  }));
  return { rating: ratingOf(seller.reviewCount, seller.reviewStars), reviews, page, pageSize: REVIEWS_PAGE_SIZE };
}
