import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { holdForOpenOrders } from "~/modules/listings/stock.server";
import type { OrderStatus } from "~/modules/orders/constants";

// The demo's trades: a few orders in every state between the demo farmers, so the demo shows the
// whole flow from both sides (Amina buys and sells). Made once, with their items, threads,
// reviews, a dispute and the notifications their moves would have left; the listings' reserved
// quantities and the sellers' review counts are then worked out from them, as the app keeps them.

type Tx = Pick<
  PrismaClient,
  "$executeRaw" | "order" | "orderMessage" | "review" | "notification" | "tradeReport" | "listing"
>;

interface DemoListing {
  id: string;
  sellerId: string;
  priceNgn: string;
  quantity: number;
  status: string;
  productId: string;
}

interface DemoOrderPlan {
  reference: string;
  buyer: string;
  seller: string;
  status: OrderStatus;
  daysAgo: number;
  quantity: number;
  fulfilment: "pickup" | "delivery";
  town?: string;
  message?: string;
  /** The seller's changes: a quantity and a price as a share of the asked one. */
  proposed?: { quantity: number; priceFactor: number };
  declineReason?: string;
  thread?: [who: "buyer" | "seller", body: string][];
  review?: { rating: number; text: string; reply?: string };
  dispute?: { reason: "not_received" | "not_as_agreed"; note: string };
}

const AMINA = "seed_user_amina";
const TUNDE = "seed_user_tunde";
const CHIDI = "seed_user_chidi";
const HALIMA = "seed_user_halima";

export const DEMO_ORDERS: DemoOrderPlan[] = [
  {
    reference: "AS-DEM0R1",
    buyer: TUNDE,
    seller: AMINA,
    status: "requested",
    daysAgo: 0.1,
    quantity: 3,
    fulfilment: "delivery",
    town: "Ibadan, Oyo",
    message: "Can you bring them to Bodija market on Friday morning?",
  },
  {
    reference: "AS-DEM0R2",
    buyer: AMINA,
    seller: CHIDI,
    status: "requested",
    daysAgo: 0.5,
    quantity: 2,
    fulfilment: "pickup",
    message: "I will come with my own bags.",
  },
  {
    reference: "AS-DEM0C3",
    buyer: AMINA,
    seller: HALIMA,
    status: "changes_proposed",
    daysAgo: 1,
    quantity: 5,
    fulfilment: "pickup",
    proposed: { quantity: 4, priceFactor: 1.05 },
    thread: [
      ["seller", "I have only 4 left, and the price went up a little this week."],
      ["buyer", "That is fine if they are dry."],
    ],
  },
  {
    reference: "AS-DEM0A4",
    buyer: CHIDI,
    seller: AMINA,
    status: "accepted",
    daysAgo: 2,
    quantity: 2,
    fulfilment: "pickup",
    thread: [["buyer", "I will pick up on Saturday after 10."]],
  },
  {
    reference: "AS-DEM0D5",
    buyer: AMINA,
    seller: TUNDE,
    status: "delivered",
    daysAgo: 3,
    quantity: 1,
    fulfilment: "delivery",
    town: "Kaduna, Kaduna",
  },
  {
    reference: "AS-DEM0K6",
    buyer: AMINA,
    seller: TUNDE,
    status: "completed",
    daysAgo: 12,
    quantity: 2,
    fulfilment: "pickup",
    review: { rating: 5, text: "Good quality and he was on time.", reply: "Thank you, come again." },
  },
  {
    reference: "AS-DEM0K7",
    buyer: HALIMA,
    seller: AMINA,
    status: "completed",
    daysAgo: 20,
    quantity: 4,
    fulfilment: "delivery",
    town: "Kano, Kano",
    review: { rating: 4, text: "Fresh, but the delivery was a day late." },
  },
  {
    reference: "AS-DEM0X8",
    buyer: AMINA,
    seller: CHIDI,
    status: "declined",
    daysAgo: 6,
    quantity: 10,
    fulfilment: "pickup",
    declineReason: "Sold at the market before I saw your request.",
  },
  {
    reference: "AS-DEM0N9",
    buyer: TUNDE,
    seller: AMINA,
    status: "cancelled",
    daysAgo: 8,
    quantity: 1,
    fulfilment: "pickup",
  },
  {
    reference: "AS-DEM0Q1",
    buyer: HALIMA,
    seller: CHIDI,
    status: "disputed",
    daysAgo: 5,
    quantity: 2,
    fulfilment: "delivery",
    town: "Kano, Kano",
    dispute: { reason: "not_received", note: "Marked delivered, but nothing reached me." },
  },
];

const DAY = 24 * 60 * 60 * 1000;
const HELD: readonly OrderStatus[] = ["changes_proposed", "accepted", "delivered", "disputed"];
const CLOSED: readonly OrderStatus[] = ["declined", "cancelled", "completed"];

/** Which notification the last move of an order left, and for whom. */
function lastNotice(plan: DemoOrderPlan) {
  switch (plan.status) {
    case "requested":
      return { to: plan.seller, kind: "order_requested" as const, data: {} };
    case "delivered":
      return { to: plan.buyer, kind: "order_delivered" as const, data: {} };
    case "completed":
      return { to: plan.seller, kind: "order_completed" as const, data: {} };
    case "cancelled":
      return { to: plan.seller, kind: "order_answered" as const, data: { status: "cancelled" } };
    case "disputed":
      return { to: plan.seller, kind: "order_answered" as const, data: { status: "disputed" } };
    default:
      return { to: plan.buyer, kind: "order_answered" as const, data: { status: plan.status } };
  }
}

/**
 * Makes the demo orders from the seeded listings (each plan takes an active listing of its seller's
 * not used by another plan, with enough left). Answers how many it made.
 */
export async function seedDemoOrders(
  tx: Tx,
  listings: readonly DemoListing[],
  productNames: Map<string, string>,
  now = new Date(),
) {
  const used = new Set<string>();
  let made = 0;
  for (const plan of DEMO_ORDERS) {
    const listing = listings.find(
      (candidate) =>
        candidate.sellerId === plan.seller &&
        candidate.status === "active" &&
        !used.has(candidate.id) &&
        candidate.quantity >= Math.max(plan.quantity, plan.proposed?.quantity ?? 0) + 1,
    );
    if (!listing) continue;
    used.add(listing.id);
    const at = new Date(now.getTime() - plan.daysAgo * DAY);
    const price = new Prisma.Decimal(listing.priceNgn);
    const proposedPrice = plan.proposed ? price.mul(plan.proposed.priceFactor).toDecimalPlaces(0) : null;
    const agreedQuantity = plan.proposed?.quantity ?? plan.quantity;
    const total = (proposedPrice ?? price).mul(agreedQuantity);
    const accepted = HELD.includes(plan.status) || plan.status === "completed";
    const delivered = plan.status === "delivered" || plan.status === "completed" || plan.status === "disputed";
    const order = await tx.order.create({
      data: {
        reference: plan.reference,
        buyerId: plan.buyer,
        sellerId: plan.seller,
        status: plan.status,
        fulfilment: plan.fulfilment,
        town: plan.town ?? null,
        message: plan.message ?? null,
        totalNgn: total,
        declineReason: plan.declineReason ?? null,
        createdAt: at,
        acceptedAt: accepted && plan.status !== "changes_proposed" ? new Date(at.getTime() + 0.2 * DAY) : null,
        deliveredAt: delivered ? new Date(at.getTime() + DAY) : null,
        completesAt: plan.status === "delivered" ? new Date(at.getTime() + 8 * DAY) : null,
        completedAt: plan.status === "completed" ? new Date(at.getTime() + 2 * DAY) : null,
        closedAt: CLOSED.includes(plan.status) ? new Date(at.getTime() + 2 * DAY) : null,
        items: {
          create: [
            {
              listingId: listing.id,
              name: productNames.get(listing.productId) ?? "",
              quantity: plan.quantity,
              priceNgn: price,
              proposedQuantity: plan.proposed?.quantity ?? null,
              proposedPriceNgn: proposedPrice,
            },
          ],
        },
      },
      select: { id: true },
    });
    for (const [index, [who, body]] of (plan.thread ?? []).entries())
      await tx.orderMessage.create({
        data: {
          orderId: order.id,
          authorId: who === "buyer" ? plan.buyer : plan.seller,
          body,
          createdAt: new Date(at.getTime() + (index + 1) * 3_600_000),
        },
      });
    if (plan.review)
      await tx.review.create({
        data: {
          orderId: order.id,
          reviewerId: plan.buyer,
          sellerId: plan.seller,
          rating: plan.review.rating,
          text: plan.review.text,
          reply: plan.review.reply ?? null,
          repliedAt: plan.review.reply ? new Date(at.getTime() + 4 * DAY) : null,
          createdAt: new Date(at.getTime() + 3 * DAY),
        },
      });
    if (plan.dispute)
      await tx.tradeReport.create({
        data: {
          kind: "dispute",
          orderId: order.id,
          reporterId: plan.buyer,
          reason: plan.dispute.reason,
          note: plan.dispute.note,
        },
      });
    const notice = lastNotice(plan);
    await tx.notification.create({
      data: {
        userId: notice.to,
        kind: notice.kind,
        orderId: order.id,
        data: { reference: plan.reference, ...notice.data },
        // What is still waiting for someone is unread; what is over has been seen.
        readAt: CLOSED.includes(plan.status) ? new Date(at.getTime() + 3 * DAY) : null,
        // Half a day after the order, or now if that is still to come.
        createdAt: new Date(Math.min(at.getTime() + 0.5 * DAY, now.getTime())),
      },
    });
    made += 1;
  }
  // What the orders hold, and the sellers' ratings, as the app keeps them.
  await holdForOpenOrders(tx);
  await tx.$executeRaw`
    UPDATE "User" u SET "reviewCount" = r.count, "reviewStars" = r.stars
    FROM (SELECT "sellerId", count(*)::int AS count, sum(rating)::int AS stars FROM "Review" WHERE "hiddenAt" IS NULL GROUP BY "sellerId") r
    WHERE u.id = r."sellerId"`;
  return made;
}
