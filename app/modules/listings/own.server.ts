import { prisma } from "~/server/db.server";

// A seller's own listings as a basic phone lists them ("My listings" in the USSD menu): the
// newest few, whatever their status, with what one line of a small screen says of each.

export interface OwnListingLine {
  id: string;
  /** The product's name, else the listing's title. */
  name: string;
  quantity: number;
  priceNgn: string;
  status: "active" | "paused" | "sold";
}

/** The seller's `take` newest listings, newest first. */
export async function newestOwnListings(sellerId: string, take: number): Promise<OwnListingLine[]> {
  const listings = await prisma.listing.findMany({
    where: { sellerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      title: true,
      status: true,
      quantity: true,
      priceNgn: true,
      product: { select: { name: true } },
    },
  });
  return listings.map((listing) => ({
    id: listing.id,
    name: listing.product?.name ?? listing.title ?? "",
    quantity: listing.quantity,
    priceNgn: listing.priceNgn.toString(),
    status: listing.status,
  }));
}
