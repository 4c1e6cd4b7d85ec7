import { isRecordId } from "~/lib/text";
import { toMarketplaceListing, type MarketplaceListing } from "~/modules/listings/card";
import { marketplaceListing, publicListingsAmong } from "~/modules/listings/browsing.server";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { SAVED_LISTINGS_MAX } from "./constants";
import { isDatabaseRefusal } from "~/server/db-errors";

// Saved listings: the heart on a listing's card, kept with the account so that it follows the
// buyer to another phone (GET/PUT/DELETE /api/saved-listings/{id}, the list, My Listings' Saved
// tab). Only what the marketplace shows may be saved. A saved listing that has since sold, been
// paused, hidden by a moderator or lost its seller to a suspension stays on the list as
// unavailable, with nothing of it but its catalogue product's name; a deleted one goes with it.

/** One saved listing as its saver is shown it. */
export type SavedListing =
  | {
      listingId: string;
      savedAt: string;
      /** Active: on sale as the card shows it. Sold: still shown (buyers see sold listings), as unavailable. */
      available: boolean;
      status: "active" | "sold";
      listing: MarketplaceListing;
      name: null;
    }
  | {
      listingId: string;
      savedAt: string;
      available: false;
      /** Paused, hidden or its seller suspended: buyers no longer see it, and neither does its saver. */
      status: "unavailable";
      listing: null;
      /** The catalogue product's name, when it names one (never the seller's own words). */
      name: string | null;
    };

/** The user's saved listings, newest first, each as available or not. */
export async function listSavedListings(userId: string): Promise<SavedListing[]> {
  const rows = await prisma.savedListing.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { listingId: "asc" }],
    take: SAVED_LISTINGS_MAX,
    select: { listingId: true, createdAt: true, listing: { select: { product: { select: { name: true } } } } },
  });
  // The marketplace's own statement and visibility rules say which are still shown to buyers.
  const shown = new Map(
    (
      await publicListingsAmong(
        rows.map((row) => row.listingId),
        userId,
      )
    ).map((listing) => [listing.id, listing]),
  );
  return rows.map((row): SavedListing => {
    const savedAt = row.createdAt.toISOString();
    const listing = shown.get(row.listingId);
    if (listing && (listing.status === "active" || listing.status === "sold")) {
      return {
        listingId: row.listingId,
        savedAt,
        available: listing.status === "active",
        status: listing.status,
        listing: toMarketplaceListing(listing),
        name: null,
      };
    }
    return {
      listingId: row.listingId,
      savedAt,
      available: false,
      status: "unavailable",
      listing: null,
      name: row.listing.product?.name ?? null,
    };
  });
}

/** Whether the user saved this listing (false for an id that names nothing saved). */
export async function isListingSaved(userId: string, listingId: string) {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const row = await prisma.savedListing.findUnique({
    where: { userId_listingId: { userId, listingId } },
    select: { listingId: true },
  });
  return row !== null;
}

/** Of these listings, the ones the user saved: the hearts a page shows filled. */
export async function savedAmong(userId: string, listingIds: readonly string[]): Promise<string[]> {
  const ids = listingIds.filter(isRecordId);
  if (ids.length === 0) return [];
  const rows = await prisma.savedListing.findMany({
    where: { userId, listingId: { in: ids } },
    select: { listingId: true },
  });
  return rows.map((row) => row.listingId);
}

/**
 * Saves a listing the user can see on the marketplace (404 otherwise). Saving one already saved
 * changes nothing; past SAVED_LISTINGS_MAX, 403 AUTHZ_FEATURE_LIMIT_REACHED.
 */
export async function saveListing(userId: string, listingId: string) {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  if (!(await marketplaceListing(listingId, userId))) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  await prisma
    .$transaction(async (tx) => {
      // One save of this user's at a time, so two at once cannot both pass the count.
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${userId} FOR UPDATE`;
      const already = await tx.savedListing.findUnique({
        where: { userId_listingId: { userId, listingId } },
        select: { listingId: true },
      });
      if (already) return;
      if ((await tx.savedListing.count({ where: { userId } })) >= SAVED_LISTINGS_MAX)
        throw new Refusal("AUTHZ_FEATURE_LIMIT_REACHED", "saved.tooMany", { params: { count: SAVED_LISTINGS_MAX } });
      await tx.savedListing.create({ data: { userId, listingId } });
    })
    .catch((error: unknown) => {
      // Deleted by its seller since it was looked up: gone, as for any listing no longer there.
      if (isDatabaseRefusal(error, "P2003")) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
      throw error;
    });
}

/** Removes a saved listing; removing one not saved (or no longer existing) changes nothing. */
export async function unsaveListing(userId: string, listingId: string) {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  await prisma.savedListing.deleteMany({ where: { userId, listingId } });
}
