import { isRecordId } from "~/lib/text";
import { priceTown } from "~/modules/listings/towns";
import { publicListingsAmong } from "~/modules/listings/browsing.server";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { pricePosition, usualRange, type UsualRange } from "./prices.server";
import type { UsualPriceQuery } from "./schemas";

// The usual price beside a listing's price: in the listing form, for the product and the place the
// seller chose; on a listing's details, for the listing a buyer sees, with where its price stands.
// Free for everyone (the premium insights keep their deeper comparison).

export interface UsualPriceAnswer {
  product: { id: string; name: string; unit: string | null } | null;
  /** The town the prices are of, or null when the place names none. */
  town: string | null;
  usual: UsualRange | null;
  /** Only for a listing: where its price stands against the usual range. */
  position?: "below" | "within" | "above" | null;
}

export async function usualPrice(viewerId: string, query: UsualPriceQuery): Promise<UsualPriceAnswer> {
  if (query.listing_id) {
    const listing = isRecordId(query.listing_id)
      ? await prisma.listing.findUnique({
          where: { id: query.listing_id },
          select: {
            id: true,
            sellerId: true,
            priceNgn: true,
            locality: true,
            latitude: true,
            longitude: true,
            product: { select: { id: true, name: true, unit: true } },
          },
        })
      : null;
    // The seller's own listing, or one the viewer may see on the marketplace; anything else is not there.
    const visible =
      listing && (listing.sellerId === viewerId || (await publicListingsAmong([listing.id], viewerId)).length > 0);
    if (!listing || !visible) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
    const town = priceTown(listing);
    const usual = listing.product && town ? await usualRange(listing.product.id, town) : null;
    return {
      product: listing.product,
      town,
      usual,
      position: usual ? pricePosition(Number(listing.priceNgn), usual) : null,
    };
  }
  const product = await prisma.product.findUnique({
    where: { id: query.product_id ?? "" },
    select: { id: true, name: true, unit: true },
  });
  if (!product) throw new Refusal("MKT_PRODUCT_NOT_FOUND", "prices.errors.product");
  const town = priceTown({
    locality: query.locality ?? null,
    latitude: query.lat ?? null,
    longitude: query.lng ?? null,
  });
  return { product, town, usual: town ? await usualRange(product.id, town) : null };
}
