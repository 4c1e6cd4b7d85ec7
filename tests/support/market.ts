// The marketplace the HTTP tests act on, made directly in the database: catalogue products,
// listings, and the usual cast (an administrator, a seller with a listing of a product).
// Everything made here goes with the file's other data (`removeCreatedData`).
import type { Prisma } from "~/generated/prisma/client";
import { recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { signedInUser, trackProduct, uniqueName } from "./api-client";

/** A catalogue product: maize in bags unless `data` says otherwise. */
export async function createProduct(data: Partial<Prisma.ProductUncheckedCreateInput> = {}) {
  return trackProduct(
    await prisma.product.create({
      data: { name: uniqueName("Maize"), categories: ["Grains & Cereals"], unit: "bags", ...data },
    }),
  );
}

/**
 * An active listing of the seller's. With `indexed`, its search-index change is recorded in
 * the same transaction, as the app's own writes record it (`indexPendingChanges` applies it).
 */
export async function createListing(
  sellerId: string,
  data: Partial<Prisma.ListingUncheckedCreateInput> = {},
  { indexed = false } = {},
) {
  const row: Prisma.ListingUncheckedCreateInput = {
    sellerId,
    priceNgn: "5000.00",
    quantity: 3,
    condition: "new",
    status: "active",
    images: ["/images/products/maize.svg"],
    ...data,
  };
  // Without a change to record, no transaction: tests make dozens at once, and each would hold a connection.
  if (!indexed) return prisma.listing.create({ data: row });
  return prisma.$transaction(async (tx) => {
    const listing = await tx.listing.create({ data: row });
    await recordIndexChange(tx, "listing", listing.id);
    return listing;
  });
}

/**
 * An administrator and a seller, both signed in, a catalogue product and one listing of it by
 * the seller (their ids); `sellerIsAdmin` makes the administrator the seller too.
 */
export async function seedMarket(
  prefix: string,
  options: {
    product?: Partial<Prisma.ProductUncheckedCreateInput>;
    listing?: Partial<Prisma.ListingUncheckedCreateInput>;
    sellerIsAdmin?: boolean;
  } = {},
) {
  const admin = await signedInUser("ADMIN", prefix);
  const seller = options.sellerIsAdmin ? admin : await signedInUser("USER", prefix);
  const product = await createProduct(options.product);
  const listing = await createListing(seller.user.id, { productId: product.id, ...options.listing });
  return { admin, seller, productId: product.id, listingId: listing.id };
}

/**
 * A photo `ownerId` sent through POST /api/uploads for `purpose`, as its record says once
 * processed (a listing or product names it by address; its files are not needed for that).
 */
export async function uploadedPhoto(ownerId: string, purpose: "listing" | "product" | "analysis" = "listing") {
  const upload = await prisma.upload.create({
    data: {
      ownerId,
      purpose,
      status: "ready",
      format: "jpeg",
      bytes: 120_000,
      width: 1200,
      height: 900,
      sizes: [320, 800, 1600],
    },
  });
  return `/uploads/${upload.id}/800.webp`;
}
