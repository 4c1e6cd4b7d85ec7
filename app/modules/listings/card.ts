import type { BrowsedListing, ListingDto } from "./listings.server";
import { ratingOf, type SellerRating } from "./rating";

// A listing as a buyer's card shows it (the marketplace, a seller's page, Saved): the pages and
// GET /api/sellers/{id} send only this, never the listing's coordinates or its seller's contact.

export type MarketplaceListing = Pick<
  ListingDto,
  "id" | "title" | "priceNgn" | "quantity" | "condition" | "status" | "images" | "locality" | "distanceKm"
> & {
  product: Pick<NonNullable<ListingDto["product"]>, "name" | "unit" | "images" | "categories"> | null;
  /** The seller, for the card's link to their page: their id, public name ('Ngozi A.') and whether their phone is verified. */
  seller: { id: string; name: string; phoneVerified: boolean; rating: SellerRating };
  /** What buyers can still ask for: the quantity less what accepted orders hold. */
  available: number;
};

export function toMarketplaceListing(listing: BrowsedListing): MarketplaceListing {
  return {
    id: listing.id,
    title: listing.title,
    priceNgn: listing.priceNgn,
    quantity: listing.quantity,
    available: Math.max(0, listing.quantity - listing.reservedQuantity),
    condition: listing.condition,
    status: listing.status,
    images: listing.images,
    locality: listing.locality,
    ...(listing.distanceKm === undefined ? {} : { distanceKm: listing.distanceKm }),
    product: listing.product
      ? {
          name: listing.product.name,
          unit: listing.product.unit,
          images: listing.product.images.slice(0, 1),
          categories: listing.product.categories,
        }
      : null,
    seller: {
      id: listing.sellerId,
      name: listing.sellerName,
      phoneVerified: listing.sellerPhoneVerified,
      rating: ratingOf(listing.sellerReviewCount ?? 0, listing.sellerReviewStars ?? 0),
    },
  };
}
