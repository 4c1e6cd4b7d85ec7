import { isRecordId } from "~/lib/text";
import { toMarketplaceListing } from "~/modules/listings/card";
import { sellerListingsOnSale } from "~/modules/listings/browsing.server";
import { z } from "~/lib/zod";
import { prisma } from "~/server/db.server";
import { notFound } from "~/server/refusal";
import { chooseTown, publicName } from "./public-profile";
import { ratingOf } from "~/modules/listings/rating";

// A seller's page (/sellers/{id}, GET /api/sellers/{id}): what any buyer may know of them, and
// their listings on sale as the marketplace shows them. Nothing private: no e-mail, phone, farm or
// exact place (the town is the place their listings name, as typed). A suspended seller, an
// unknown id, and someone who has nothing a buyer can see (never listed, or only paused or hidden
// listings) have no page: 404 MKT_SELLER_UNAVAILABLE.

/** Listings on one page of a seller's page. */
export const SELLER_PAGE_SIZE = 24;

/** How many of a seller's newest public listings the town is chosen from. */
const TOWN_SAMPLE = 100;

/** The address's page: a number from 1, anything else the first (a hand-edited address is not an error). */
export const sellerPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** Listings buyers are shown (active or sold, not hidden by a moderator or a suspension). */
const publicWhere = (sellerId: string) => ({
  sellerId,
  status: { in: ["active" as const, "sold" as const] },
  hiddenAt: null,
});

/**
 * The seller's public profile and one page (1-based) of their listings on sale, as `viewerId`
 * is shown them.
 */
export async function sellerPage(sellerId: string, viewerId: string, page = 1) {
  if (!isRecordId(sellerId)) throw notFound("MKT_SELLER_UNAVAILABLE", "sellers.notFound");
  const user = await prisma.user.findUnique({
    where: { id: sellerId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      createdAt: true,
      phoneVerifiedAt: true,
      suspendedAt: true,
      reviewCount: true,
      reviewStars: true,
    },
  });
  if (!user || user.suspendedAt) throw notFound("MKT_SELLER_UNAVAILABLE", "sellers.notFound");
  const [places, soldCount, onSale] = await Promise.all([
    prisma.listing.findMany({
      where: publicWhere(sellerId),
      select: { locality: true },
      orderBy: { createdAt: "desc" },
      take: TOWN_SAMPLE,
    }),
    prisma.listing.count({ where: { ...publicWhere(sellerId), status: "sold" } }),
    sellerListingsOnSale(sellerId, viewerId, { limit: SELLER_PAGE_SIZE, offset: (page - 1) * SELLER_PAGE_SIZE }),
  ]);
  if (places.length === 0) throw notFound("MKT_SELLER_UNAVAILABLE", "sellers.notFound");
  return {
    seller: {
      id: user.id,
      name: publicName(user.firstName, user.lastName),
      town: chooseTown(places.map((place) => place.locality)),
      /** The month they joined, as YYYY-MM: the page says 'Member since March 2025'. */
      memberSince: user.createdAt.toISOString().slice(0, 7),
      phoneVerified: user.phoneVerifiedAt !== null,
      soldCount,
      onSaleCount: onSale.total,
      /** The average of their shown reviews and how many (GET /api/sellers/{id}/reviews has them). */
      rating: ratingOf(user.reviewCount, user.reviewStars),
    },
    // As the marketplace's cards show them: no coordinates, nothing of the seller's but their page's link.
    listings: onSale.listings.map(toMarketplaceListing),
    page,
    pages: Math.max(1, Math.ceil(onSale.total / SELLER_PAGE_SIZE)),
  };
}
export type SellerPage = Awaited<ReturnType<typeof sellerPage>>;
