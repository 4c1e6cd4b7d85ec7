import { publicName } from "~/modules/sellers/public-profile";
import { prisma } from "~/server/db.server";

// Who sells a listing, as a buyer who asked for it by phone is told: the seller's public name,
// and their number only when they confirmed it by a code and chose to show it on this listing.

export async function listingSellerContact(listingId: string): Promise<{ name: string; phone: string | null } | null> {
  const listing = await prisma.listing.findUnique({
    where: { id: listingId },
    select: {
      showPhone: true,
      seller: { select: { firstName: true, lastName: true, phone: true, phoneVerifiedAt: true } },
    },
  });
  if (!listing) return null;
  const { seller } = listing;
  return {
    name: publicName(seller.firstName, seller.lastName),
    phone: seller.phoneVerifiedAt && listing.showPhone ? seller.phone : null,
  };
}
