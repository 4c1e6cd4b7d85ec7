import { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { toMarketplaceListing, type MarketplaceListing } from "~/modules/listings/card";
import { listingsOnSale, publicListingsAmong } from "~/modules/listings/browsing.server";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { CART_ITEMS_MAX } from "./constants";

// The cart: listings a buyer means to ask for, with how much of each, kept with the account (it
// follows them to another phone). Nothing is held for a cart: an order request takes the prices
// of its moment, and only the seller's acceptance reserves. Reading the cart tidies it: what
// buyers can no longer ask for (sold, paused, hidden, gone, all reserved) leaves it, and the
// answer says so; a quantity above what is left comes down to it, and the answer says that too.

export interface CartLine {
  listingId: string;
  quantity: number;
  listing: MarketplaceListing;
  /** quantity x the listing's price, in naira with two decimals. */
  subtotalNgn: string;
}

export interface CartSeller {
  seller: MarketplaceListing["seller"];
  items: CartLine[];
  totalNgn: string;
}

/** What left the cart, or changed in it, since the buyer last looked. */
export interface CartChange {
  listingId: string;
  /** The listing's name as the buyer knew it: the catalogue product's or the seller's title. */
  name: string | null;
  /** removed: buyers can no longer ask for it; reduced: only `quantity` is left. */
  change: "removed" | "reduced";
  quantity?: number;
}

export interface Cart {
  sellers: CartSeller[];
  /** How many listings the cart holds (the header's count). */
  count: number;
  changes: CartChange[];
}

const naira = (value: Prisma.Decimal) => value.toFixed(2);

/** A listing as its name reads: the catalogue product's, else the seller's title. */
export const listingName = (listing: { product: { name: string } | null; title: string | null }) =>
  listing.product?.name ?? listing.title;

/** The signed-in user's cart, tidied (see above), grouped by seller in the order first added. */
export async function getCart(userId: string): Promise<Cart> {
  const rows = await prisma.cartItem.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { listingId: "asc" }],
    select: {
      listingId: true,
      quantity: true,
      listing: { select: { title: true, product: { select: { name: true } } } },
    },
  });
  const ids = rows.map((row) => row.listingId);
  const [found, onSale] = await Promise.all([publicListingsAmong(ids, userId), listingsOnSale(ids)]);
  const shown = new Map(found.map((listing) => [listing.id, toMarketplaceListing(listing)]));
  const changes: CartChange[] = [];
  const bySeller = new Map<string, CartSeller>();
  for (const row of rows) {
    const listing = shown.get(row.listingId);
    if (!listing || !onSale.has(row.listingId) || listing.available < 1 || listing.seller.id === userId) {
      changes.push({ listingId: row.listingId, name: listingName(row.listing), change: "removed" });
      continue;
    }
    let quantity = row.quantity;
    if (quantity > listing.available) {
      quantity = listing.available;
      changes.push({ listingId: row.listingId, name: listingName(row.listing), change: "reduced", quantity });
    }
    const group = bySeller.get(listing.seller.id) ?? { seller: listing.seller, items: [], totalNgn: "0.00" };
    const subtotal = new Prisma.Decimal(listing.priceNgn).mul(quantity);
    group.items.push({ listingId: row.listingId, quantity, listing, subtotalNgn: naira(subtotal) });
    group.totalNgn = naira(new Prisma.Decimal(group.totalNgn).add(subtotal));
    bySeller.set(listing.seller.id, group);
  }
  if (changes.length > 0) await applyChanges(userId, changes);
  const sellers = [...bySeller.values()];
  return { sellers, count: sellers.reduce((sum, group) => sum + group.items.length, 0), changes };
}

async function applyChanges(userId: string, changes: CartChange[]) {
  const removed = changes.filter((change) => change.change === "removed").map((change) => change.listingId);
  await prisma.$transaction([
    prisma.cartItem.deleteMany({ where: { userId, listingId: { in: removed } } }),
    ...changes
      .filter((change) => change.change === "reduced")
      .map((change) =>
        // Only brought down: a buyer's own change made meanwhile to a smaller number stands.
        prisma.cartItem.updateMany({
          where: { userId, listingId: change.listingId, quantity: { gt: change.quantity } },
          data: { quantity: change.quantity },
        }),
      ),
  ]);
}

/** The listings in the cart, by id: the header's count and the cards' 'In cart' (no listing read). */
export async function cartListingIds(userId: string): Promise<string[]> {
  const rows = await prisma.cartItem.findMany({ where: { userId }, select: { listingId: true }, take: CART_ITEMS_MAX });
  return rows.map((row) => row.listingId);
}

/**
 * Puts a listing in the cart with this quantity, or changes the quantity of one there: a listing
 * buyers see (404 otherwise), on sale (409 MKT_OUT_OF_STOCK when sold or all reserved), not the
 * user's own (403), and no more than it can still give (409 MKT_OUT_OF_STOCK, saying how many
 * are left). Past CART_ITEMS_MAX listings, 403 AUTHZ_FEATURE_LIMIT_REACHED.
 */
export async function setCartItem(userId: string, listingId: string, quantity: number): Promise<CartLine> {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const [found] = await publicListingsAmong([listingId], userId);
  if (!found) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const listing = toMarketplaceListing(found);
  if (listing.seller.id === userId) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "cart.errors.ownListing");
  if (!(await listingsOnSale([listingId])).has(listingId) || listing.available < 1)
    throw new Refusal("MKT_OUT_OF_STOCK", "cart.errors.soldOut");
  if (quantity > listing.available)
    throw new Refusal("MKT_OUT_OF_STOCK", "cart.errors.onlyLeft", {
      fields: { quantity: ["cart.errors.onlyLeft"] },
      params: { count: listing.available },
    });
  await prisma
    .$transaction(async (tx) => {
      // One change of this user's cart at a time, so two at once cannot both pass the count.
      await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${userId} FOR UPDATE`;
      const updated = await tx.cartItem.updateMany({ where: { userId, listingId }, data: { quantity } });
      if (updated.count > 0) return;
      if ((await tx.cartItem.count({ where: { userId } })) >= CART_ITEMS_MAX)
        throw new Refusal("AUTHZ_FEATURE_LIMIT_REACHED", "cart.errors.tooMany", { params: { count: CART_ITEMS_MAX } });
      await tx.cartItem.create({ data: { userId, listingId, quantity } });
    })
    .catch((error: unknown) => {
      // Deleted by its seller since it was looked up: gone, as any listing no longer there.
      if (isDatabaseRefusal(error, "P2003")) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
      throw error;
    });
  return {
    listingId,
    quantity,
    listing,
    subtotalNgn: naira(new Prisma.Decimal(listing.priceNgn).mul(quantity)),
  };
}

/** Takes a listing out of the cart; one not there changes nothing. */
export async function removeCartItem(userId: string, listingId: string) {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  await prisma.cartItem.deleteMany({ where: { userId, listingId } });
}
