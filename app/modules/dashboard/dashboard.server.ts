import { listingName } from "~/lib/listing-name";
import { prisma } from "~/server/db.server";
import { getFeatureAccess } from "~/modules/premium/premium.server";
import { renewalReminderOf } from "~/modules/payments/plan.server";

// The dashboard's figures are the signed-in user's own: no sample numbers.
export type ActivityItem =
  | { kind: "listing"; at: string; name: string | null; priceNgn: string }
  | { kind: "order"; at: string; reference: string; role: "buyer" | "seller"; status: string; orderId: string }
  | { kind: "farm"; at: string; name: string }
  | { kind: "analysis"; at: string; analysisType: string };

/** How long after registering an account is greeted as new ('Welcome'), not returning ('Welcome back'). */
export const NEWCOMER_MINUTES = 30;
/**
 * Registration opens its session in the same request, a moment after the account
 * row; a session opened later than this is a sign-in, so the user has come back.
 */
const REGISTRATION_SESSION_SECONDS = 10;

/**
 * A newcomer registered a short while ago and has not signed in since: every
 * session of the account was opened by the registration itself. Signing out
 * and in again, or coming back after a while, makes the user a returning one.
 */
async function isNewcomer(user: { id: string; createdAt: Date }, now = new Date()) {
  if (now.getTime() - user.createdAt.getTime() > NEWCOMER_MINUTES * 60_000) return false;
  const laterSignIns = await prisma.session.count({
    where: {
      userId: user.id,
      createdAt: { gt: new Date(user.createdAt.getTime() + REGISTRATION_SESSION_SECONDS * 1000) },
    },
  });
  return laterSignIns === 0;
}

export async function getDashboard(user: { id: string; createdAt: Date }) {
  const [
    activeListings,
    farms,
    analyses,
    access,
    recentListings,
    recentFarms,
    recentAnalyses,
    newcomer,
    reminder,
    openOrders,
    completedSales,
    recentOrders,
  ] = await Promise.all([
    prisma.listing.count({ where: { sellerId: user.id, status: "active" } }),
    prisma.farm.count({ where: { ownerId: user.id } }),
    // Diagnoses the farmer got: a failed or timed-out analysis is no diagnosis.
    prisma.analysis.count({ where: { userId: user.id, status: "completed" } }),
    getFeatureAccess(user.id),
    prisma.listing.findMany({
      where: { sellerId: user.id },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { createdAt: true, priceNgn: true, title: true, product: { select: { name: true } } },
    }),
    prisma.farm.findMany({
      where: { ownerId: user.id },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { createdAt: true, name: true },
    }),
    prisma.analysis.findMany({
      where: { userId: user.id, status: "completed" },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { createdAt: true, analysisType: true },
    }),
    isNewcomer(user),
    renewalReminderOf(user.id),
    // Orders still going, bought or sold: sent, answered, agreed, delivered or in dispute.
    prisma.order.count({
      where: {
        OR: [{ buyerId: user.id }, { sellerId: user.id }],
        status: { in: ["requested", "changes_proposed", "accepted", "delivered", "disputed"] },
      },
    }),
    prisma.order.count({ where: { sellerId: user.id, status: "completed" } }),
    prisma.order.findMany({
      where: { OR: [{ buyerId: user.id }, { sellerId: user.id }] },
      orderBy: { updatedAt: "desc" },
      take: 5,
      select: { id: true, reference: true, status: true, buyerId: true, updatedAt: true },
    }),
  ]);

  const plan = access.hasActiveSubscription ? "premium" : access.canAccess ? "trial" : "free";

  const activity: ActivityItem[] = [
    ...recentListings.map((listing) => ({
      kind: "listing" as const,
      at: listing.createdAt.toISOString(),
      // The page names an old listing with neither product nor title in the reader's language.
      name: listingName(listing, "") || null,
      priceNgn: listing.priceNgn.toString(),
    })),
    ...recentFarms.map((farm) => ({ kind: "farm" as const, at: farm.createdAt.toISOString(), name: farm.name })),
    ...recentOrders.map((order) => ({
      kind: "order" as const,
      at: order.updatedAt.toISOString(),
      reference: order.reference,
      role: order.buyerId === user.id ? ("buyer" as const) : ("seller" as const),
      status: order.status,
      orderId: order.id,
    })),
    ...recentAnalyses.map((analysis) => ({
      kind: "analysis" as const,
      at: analysis.createdAt.toISOString(),
      analysisType: analysis.analysisType,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 6);

  return {
    newcomer,
    stats: { activeListings, openOrders, completedSales, farms, analyses, plan },
    activity,
    reminder,
  } as const;
}
