import { prisma } from "~/server/db.server";
import { availableSql, onSaleSql } from "./on-sale.server";

// The listings of a product on sale nearest a place: what a basic phone's buyer chooses from
// (the USSD menu's "Buy"). On sale and still available as everywhere else (on-sale.server.ts).

export interface NearbyListing {
  id: string;
  priceNgn: string;
  /** What can still be asked for: the quantity less what accepted orders hold. */
  available: number;
  latitude: number | null;
  longitude: number | null;
  sellerFirstName: string;
  sellerLastName: string;
  /** The seller confirmed their phone by a code. */
  verified: boolean;
}

/**
 * The nearest `take` listings of the product on sale with some still available, not the buyer's
 * own, nearest first (listings without a place last, then the newest). A place without
 * coordinates is taken as 0, 0.
 */
export async function nearestOnSale(
  productId: string,
  place: { latitude: number | null; longitude: number | null },
  buyerId: string | null,
  take: number,
): Promise<NearbyListing[]> {
  const latitude = place.latitude ?? 0;
  const longitude = place.longitude ?? 0;
  return prisma.$queryRaw<NearbyListing[]>`
    SELECT l.id, l."priceNgn"::text AS "priceNgn", ${availableSql("l")}::int AS available,
           l.latitude, l.longitude, se."firstName" AS "sellerFirstName", se."lastName" AS "sellerLastName",
           (se."phoneVerifiedAt" IS NOT NULL) AS verified
    FROM "Listing" l
    JOIN "User" se ON se.id = l."sellerId"
    WHERE l."productId" = ${productId} AND ${onSaleSql("l", "se")} AND ${availableSql("l")} > 0
      AND l."sellerId" <> ${buyerId ?? ""}
    ORDER BY (l.latitude IS NULL),
             power(l.latitude - ${latitude}, 2) + power((l.longitude - ${longitude}) * cos(radians(${latitude})), 2),
             l."createdAt" DESC
    LIMIT ${take}`;
}
