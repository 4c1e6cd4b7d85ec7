import { getEnv } from "~/env.server";
import { prisma } from "~/modules/db.server";

// The dashboard's figures are the signed-in user's own: no sample numbers.
export type ActivityItem =
  | { kind: "listing"; at: string; name: string; priceNgn: string }
  | { kind: "farm"; at: string; name: string }
  | { kind: "analysis"; at: string; analysisType: string };

export async function getDashboard(user: { id: string; createdAt: Date; firstPremiumUseAt: Date | null }) {
  const now = new Date();
  const [activeListings, farms, analyses, subscription, recentListings, recentFarms, recentAnalyses] = await Promise.all([
    prisma.listing.count({ where: { sellerId: user.id, status: "active" } }),
    prisma.farm.count({ where: { ownerId: user.id } }),
    prisma.analysis.count({ where: { userId: user.id } }),
    prisma.subscription.findFirst({
      where: { userId: user.id, status: { in: ["active", "past_due"] }, currentPeriodEnd: { gt: now } },
      select: { id: true },
    }),
    prisma.listing.findMany({
      where: { sellerId: user.id },
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { createdAt: true, priceNgn: true, product: { select: { name: true } } },
    }),
    prisma.farm.findMany({ where: { ownerId: user.id }, orderBy: { createdAt: "desc" }, take: 5, select: { createdAt: true, name: true } }),
    prisma.analysis.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" }, take: 5, select: { createdAt: true, analysisType: true } }),
  ]);

  const trialEnds = user.createdAt.getTime() + getEnv().TRIAL_LENGTH_HOURS * 3600 * 1000;
  const inTrial = !user.firstPremiumUseAt && trialEnds > now.getTime();
  const plan = subscription ? "premium" : inTrial ? "trial" : "free";

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
