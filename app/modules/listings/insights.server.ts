import { prisma } from "~/server/db.server";
import { onSaleSql } from "./on-sale.server";

// What the market asks for a product, for the seller (premium): the price suggestion on the
// listing form and their prices against other sellers' on My Listings. Only listings on sale
// (on-sale.server.ts) count: a hidden listing or a suspended seller's moves no quartile.

/** Quartiles and median of what listings on sale of a product ask, optionally leaving one seller out. */
async function marketQuartiles(productId: string, excludeSellerId: string | null = null) {
  const [row] = await prisma.$queryRaw<
    { count: bigint; low: number | null; median: number | null; high: number | null }[]
  >`
    SELECT count(*) AS count,
           percentile_cont(0.25) WITHIN GROUP (ORDER BY l."priceNgn") AS low,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY l."priceNgn") AS median,
           percentile_cont(0.75) WITHIN GROUP (ORDER BY l."priceNgn") AS high
    FROM "Listing" l
    JOIN "User" se ON se.id = l."sellerId"
    WHERE l."productId" = ${productId} AND ${onSaleSql("l", "se")}
      AND (${excludeSellerId}::text IS NULL OR l."sellerId" <> ${excludeSellerId}::text)`;
  const count = Number(row?.count ?? 0);
  if (!row || row.low === null || row.median === null || row.high === null) return { count, quartiles: null };
  return { count, quartiles: { low: row.low, median: row.median, high: row.high } };
}

/**
 * What active listings of a product ask, for the premium price suggestion:
 * the quartiles and median of their prices (null with fewer than 3 listings).
 */
export async function priceStats(productId: string) {
  const { count, quartiles } = await marketQuartiles(productId);
  if (!quartiles || count < 3) return null;
  const round = (value: number) => Math.round(value / 50) * 50;
  return { count, low: round(quartiles.low), median: round(quartiles.median), high: round(quartiles.high) };
}

export interface MarketInsight {
  productId: string;
  productName: string;
  unit: string | null;
  yourPriceNgn: number;
  market: { count: number; low: number; median: number; high: number } | null;
  position: "below" | "within" | "above" | null;
}

/** How many of the seller's listings market insights can compare (active, linked to a catalogue product). */
export function countComparableListings(sellerId: string): Promise<number> {
  return prisma.listing.count({ where: { sellerId, status: "active", productId: { not: null } } });
}

/**
 * For each product the seller has on sale: their price against what other
 * sellers' active listings of it ask (the premium listing analytics).
 */
export async function marketInsights(sellerId: string): Promise<MarketInsight[]> {
  const own = await prisma.listing.findMany({
    where: { sellerId, status: "active", productId: { not: null } },
    select: { productId: true, priceNgn: true, product: { select: { name: true, unit: true } } },
    orderBy: { priceNgn: "asc" },
  });
  const byProduct = new Map<string, (typeof own)[number]>();
  for (const listing of own)
    if (listing.productId && !byProduct.has(listing.productId)) byProduct.set(listing.productId, listing);
  const insights: MarketInsight[] = [];
  for (const [productId, listing] of byProduct) {
    const { count, quartiles } = await marketQuartiles(productId, sellerId);
    const market =
      quartiles && count >= 2
        ? {
            count,
            low: Math.round(quartiles.low),
            median: Math.round(quartiles.median),
            high: Math.round(quartiles.high),
          }
        : null;
    const price = Number(listing.priceNgn);
    insights.push({
      productId,
      productName: listing.product?.name ?? productId,
      unit: listing.product?.unit ?? null,
      yourPriceNgn: price,
      market,
      position: market ? (price < market.low ? "below" : price > market.high ? "above" : "within") : null,
    });
  }
  return insights.sort((a, b) => a.productName.localeCompare(b.productName));
}
