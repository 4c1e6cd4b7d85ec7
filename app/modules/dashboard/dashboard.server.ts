import { prisma } from "~/server/db.server";
import { getFeatureAccess } from "~/modules/premium/premium.server";

// The dashboard's figures are the signed-in user's own: no sample numbers.
export type ActivityItem =
  | { kind: "listing"; at: string; name: string; priceNgn: string }
  | { kind: "farm"; at: string; name: string }
  | { kind: "analysis"; at: string; analysisType: string };

export async function getDashboard(user: { id: string }) {
  const [activeListings, farms, analyses, access, recentListings, recentFarms, recentAnalyses] = await Promise.all([
    prisma.listing.count({ where: { sellerId: user.id, status: "active" } }),
    prisma.farm.count({ where: { ownerId: user.id } }),
    prisma.analysis.count({ where: { userId: user.id } }),
    getFeatureAccess(user.id),
    prisma.listing.findMany({
      where: { sellerId: user.id },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { createdAt: true, priceNgn: true, product: { select: { name: true } } },
    }),
    prisma.farm.findMany({ where: { ownerId: user.id }, orderBy: { createdAt: "desc" }, take: 5, select: { createdAt: true, name: true } }),
    prisma.analysis.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" }, take: 5, select: { createdAt: true, analysisType: true } }),
  ]);

  const plan = access.hasActiveSubscription ? "premium" : access.canAccess ? "trial" : "free";

  const activity: ActivityItem[] = [
    ...recentListings.map((listing) => ({
      kind: "listing" as const,
      at: listing.createdAt.toISOString(),
      name: listing.product?.name ?? "Custom Product",
      priceNgn: listing.priceNgn.toString(),
    })),
    ...recentFarms.map((farm) => ({ kind: "farm" as const, at: farm.createdAt.toISOString(), name: farm.name })),
    ...recentAnalyses.map((analysis) => ({ kind: "analysis" as const, at: analysis.createdAt.toISOString(), analysisType: analysis.analysisType })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 6);

  return { stats: { activeListings, farms, analyses, plan }, activity } as const;
}
