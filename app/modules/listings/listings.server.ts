import type { Prisma } from "~/generated/prisma/client";
import { encodeGeohash, sharedCoordinate, sharedDistanceKm } from "~/lib/geo";
import { isRecordId } from "~/lib/text";
import { prisma } from "~/server/db.server";
import { hitDistinctRateLimit } from "~/server/rate-limit.server";
import { CONTACT_REVEAL_LIMIT } from "./constants";
import { Refusal } from "~/server/refusal";
import { isDatabaseRefusal } from "~/server/db-errors";
import { recordListingPrice } from "~/modules/prices/prices.server";
import { writeIndexed } from "~/modules/search/indexing.server";
import { checkPhotos, shownPhotos } from "~/modules/storage/image-addresses.server";
import type { ListingInput } from "./schemas";

// Marketplace listings. Anyone signed in reads the public ones (lists: browsing.server.ts);
// only the seller changes or deletes a listing. Its stock moves with orders: stock.server.ts.

const listingSelect = {
  id: true,
  productId: true,
  title: true,
  showPhone: true,
  sellerId: true,
  priceNgn: true,
  quantity: true,
  reservedQuantity: true,
  condition: true,
  status: true,
  images: true,
  latitude: true,
  longitude: true,
  locality: true,
  createdAt: true,
  updatedAt: true,
  hiddenAt: true,
  hiddenCause: true,
  hiddenReason: true,
  product: { select: { id: true, name: true, unit: true, images: true, categories: true, isActive: true } },
} as const;

type ListingRow = Prisma.ListingGetPayload<{ select: typeof listingSelect }>;

/** A listing as the API answers it (the browse statement builds the same shape in SQL). */
export function listingDto(listing: ListingRow) {
  return {
    id: listing.id,
    productId: listing.productId,
    /** The seller's own name for what is sold, when it is not a catalogue product. */
    title: listing.title,
    /** Whether the seller shows their phone on the details; the number itself is never in a list. */
    showPhone: listing.showPhone,
    sellerId: listing.sellerId,
    seller_id: listing.sellerId,
    priceNgn: listing.priceNgn.toFixed(2),
    quantity: listing.quantity,
    /** Held for accepted orders: buyers can ask for quantity - reservedQuantity. */
    reservedQuantity: listing.reservedQuantity,
    condition: listing.condition,
    status: listing.status,
    images: listing.images,
    latitude: listing.latitude,
    longitude: listing.longitude,
    locality: listing.locality,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    /**
     * Hidden by a moderator, by three reports or with the seller's suspension: then only its seller
     * (and administrators) ever read it, so this is null for everyone else.
     */
    hidden: listing.hiddenAt
      ? { at: listing.hiddenAt.toISOString(), cause: listing.hiddenCause, reason: listing.hiddenReason }
      : null,
    product: listing.product,
  };
}
/** With a place asked for, a listing also says how far it is, in kilometres. */
export type ListingDto = ReturnType<typeof listingDto> & { distanceKm?: number };

/**
 * A listing as lists answer it (the browse statement): also its seller's public name ('Ngozi A.')
 * and whether their phone is verified, for the card's seller link and badge.
 */
export type BrowsedListing = ListingDto & {
  sellerName: string;
  sellerPhoneVerified: boolean;
  /** The seller's shown reviews: how many, and their stars added up (the card shows the average). */
  sellerReviewCount: number;
  sellerReviewStars: number;
};

/**
 * A listing as `viewerId` is shown it. Its seller gets the place as their phone gave it and the
 * distance to a tenth of a kilometre; anyone else gets the place to about a kilometre and the
 * distance in whole kilometres (~/lib/geo's SHARED_PLACE), while searching, filtering and
 * sorting by distance use the exact place on the server. Photos are only those a browser may be
 * given (shownPhotos): an older row's outside address never reaches a reader. Made after any
 * cached answer, which is shared by readers and so holds the listing as stored.
 */
export function listingAsSeenBy<T extends ListingDto>(listing: T, viewerId: string): T {
  const own = listing.sellerId === viewerId;
  const coarse = (value: number | null) => (own || value === null ? value : sharedCoordinate(value));
  return {
    ...listing,
    images: shownPhotos(listing.images),
    product: listing.product ? { ...listing.product, images: shownPhotos(listing.product.images) } : null,
    latitude: coarse(listing.latitude),
    longitude: coarse(listing.longitude),
    ...(listing.distanceKm === undefined
      ? {}
      : { distanceKm: own ? Math.round(listing.distanceKm * 10) / 10 : sharedDistanceKm(listing.distanceKm) }),
  };
}

async function checkProduct(productId: string | null | undefined, currentProductId?: string | null) {
  if (!productId) return null;
  const product = await prisma.product.findUnique({ where: { id: productId }, select: { id: true, isActive: true } });
  // A listing may keep a product that was deactivated after it was linked, but new links need an active one.
  if (!product || (!product.isActive && product.id !== currentProductId)) {
    throw new Refusal("MKT_PRODUCT_NOT_FOUND", "listing.errors.productNotFound", {
      fields: { productId: ["listing.errors.productNotFound"] },
    });
  }
  return product.id;
}

/** 400 when the listing would show a phone the seller has not verified (the form offers the choice only with one). */
async function checkShowPhone(input: ListingInput, sellerId: string) {
  if (!input.showPhone) return;
  const seller = await prisma.user.findUnique({
    where: { id: sellerId },
    select: { phone: true, phoneVerifiedAt: true },
  });
  if (!seller?.phone || !seller.phoneVerifiedAt) {
    throw new Refusal("VLD_INVALID_PHONE", "contact.errors.noPhoneSaved", {
      fields: { showPhone: ["contact.errors.noPhoneSaved"] },
    });
  }
}

function toData(input: ListingInput, productId: string | null) {
  const located = input.latitude !== undefined && input.longitude !== undefined;
  return {
    productId,
    title: productId ? null : input.title,
    showPhone: input.showPhone,
    priceNgn: input.priceNgn,
    quantity: input.quantity,
    condition: input.condition,
    status: input.status,
    images: input.images,
    latitude: located ? input.latitude! : null,
    longitude: located ? input.longitude! : null,
    geohash: located ? encodeGeohash(input.latitude!, input.longitude!) : null,
    locality: input.locality ?? null,
  };
}

export async function createListing(input: ListingInput, sellerId: string) {
  const productId = await checkProduct(input.productId);
  await checkShowPhone(input, sellerId);
  await checkPhotos(input.images, { purpose: "listing", ownerId: sellerId });
  const listing = await writeIndexed(
    "listing",
    async (tx) => {
      const created = await tx.listing.create({
        data: { ...toData(input, productId), sellerId },
        select: listingSelect,
      });
      // Its asking price counts in the market's prices (a paused listing asks nothing yet).
      if (created.status !== "paused")
        await recordListingPrice(tx, created, created.status === "sold" ? "sold" : "listed");
      return created;
    },
    (created) => created.id,
  );
  return listingAsSeenBy(listingDto(listing), sellerId);
}

/**
 * The listing, if the user is its seller: 404 DB_RECORD_NOT_FOUND if it does not exist
 * or is someone else's paused one (which only its seller may know of), 403 if it is
 * someone else's that buyers see.
 */
async function ownedListing(id: string, userId: string) {
  // An id that cannot be one names no listing; it never reaches the database.
  if (!isRecordId(id)) throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const listing = await prisma.listing.findUnique({
    where: { id },
    select: {
      id: true,
      sellerId: true,
      productId: true,
      status: true,
      hiddenAt: true,
      reservedQuantity: true,
      priceNgn: true,
    },
  });
  if (!listing || (listing.sellerId !== userId && (listing.status === "paused" || listing.hiddenAt !== null)))
    throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  if (listing.sellerId !== userId) {
    throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "listing.errors.notYours");
  }
  return listing;
}

/**
 * What a seller's change says of the market's prices: marked sold, a sale at its price; a new price
 * on a listing buyers may see, a new asking price. Pausing, or changing anything else, says nothing.
 */
async function recordPriceChange(
  tx: Prisma.TransactionClient,
  before: { status: string; priceNgn: Prisma.Decimal },
  after: ListingRow,
) {
  if (after.status === "sold" && before.status !== "sold") await recordListingPrice(tx, after, "sold");
  else if (after.status === "active" && !after.priceNgn.equals(before.priceNgn))
    await recordListingPrice(tx, after, "repriced");
}

/**
 * A listing hidden by a moderator (or by reports, or with its seller's suspension) stays hidden
 * whatever its status: the seller may pause it or mark it sold, but making it active again
 * would look like undoing the hide, so it is refused with the reason.
 */
function refuseActivatingHidden(current: { status: string; hiddenAt: Date | null }, status: string) {
  if (current.hiddenAt !== null && status === "active" && current.status !== "active")
    throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "moderation.errors.hiddenCannotActivate", {
      fields: { status: ["moderation.errors.hiddenCannotActivate"] },
    });
}

/** 409 when the seller would have less than accepted orders hold (they must be declined first). */
const belowReserved = (reserved: number) =>
  new Refusal("DB_CONSTRAINT_VIOLATION", "listing.errors.quantityBelowReserved", {
    fields: { quantity: ["listing.errors.quantityBelowReserved"] },
    params: { count: reserved },
  });

export async function updateListing(id: string, userId: string, input: ListingInput) {
  const current = await ownedListing(id, userId);
  refuseActivatingHidden(current, input.status);
  if (input.quantity < current.reservedQuantity) throw belowReserved(current.reservedQuantity);
  const productId = await checkProduct(input.productId, current.productId);
  await checkShowPhone(input, userId);
  await checkPhotos(input.images, { purpose: "listing", ownerId: userId });
  const listing = await writeIndexed(
    "listing",
    // Only while what is held still fits: an acceptance since the check above wins (the CHECK would refuse too).
    async (tx) => {
      const updated = await tx.listing.update({
        where: { id, reservedQuantity: { lte: input.quantity } },
        data: toData(input, productId),
        select: listingSelect,
      });
      await recordPriceChange(tx, current, updated);
      return updated;
    },
    id,
  ).catch(async (error: unknown) => {
    if (!isDatabaseRefusal(error, "P2025")) throw error;
    const now = await prisma.listing.findUnique({ where: { id }, select: { reservedQuantity: true } });
    throw now ? belowReserved(now.reservedQuantity) : new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  });
  return listingAsSeenBy(listingDto(listing), userId);
}

/**
 * One listing with how to reach its seller (GET /api/market/listings/{id}):
 * the seller's first name and town (the listing's locality), and their phone
 * only when they chose to show it on this listing and it is verified. Paused and hidden
 * listings exist only for their seller. Each different listing whose phone a buyer sees counts
 * against CONTACT_REVEAL_LIMIT; the seller looking at their own does not.
 */
export async function listingDetails(id: string, viewerId: string) {
  if (!isRecordId(id)) throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const row = await prisma.listing.findUnique({
    where: { id },
    select: { ...listingSelect, seller: { select: { firstName: true, phone: true, phoneVerifiedAt: true } } },
  });
  const own = row?.sellerId === viewerId;
  // Someone else's paused or hidden listing is as if it did not exist.
  if (!row || ((row.status === "paused" || row.hiddenAt !== null) && !own))
    throw new Refusal("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  // Only a number its owner confirmed by a code is shown: anyone can type anyone's number.
  const phone = row.showPhone && row.seller.phoneVerifiedAt ? row.seller.phone : null;
  if (phone && !own) await hitDistinctRateLimit(CONTACT_REVEAL_LIMIT, viewerId, row.id);
  const { seller, ...listing } = row;
  return {
    ...listingAsSeenBy(listingDto(listing), viewerId),
    seller: { firstName: seller.firstName, town: row.locality, phone },
  };
}
export type ListingDetailsDto = Awaited<ReturnType<typeof listingDetails>>;

export async function setListingStatus(id: string, userId: string, status: "active" | "paused" | "sold") {
  const current = await ownedListing(id, userId);
  refuseActivatingHidden(current, status);
  const listing = await writeIndexed(
    "listing",
    async (tx) => {
      const updated = await tx.listing.update({ where: { id }, data: { status }, select: listingSelect });
      await recordPriceChange(tx, current, updated);
      return updated;
    },
    id,
  );
  return listingAsSeenBy(listingDto(listing), userId);
}

export async function deleteListing(id: string, userId: string) {
  await ownedListing(id, userId);
  await writeIndexed("listing", (tx) => tx.listing.delete({ where: { id } }), id, "delete");
}
