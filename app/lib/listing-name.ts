// What a listing is called wherever it is shown (marketplace cards, My
// Listings cards, the details): its catalogue product's name, else the title
// the seller gave it, else the page's fallback for old listings that have
// neither ('Agricultural Product' on the marketplace, 'Custom Product' on My Listings).

export interface NamedListing {
  title?: string | null;
  product?: { name: string } | null;
}

export function listingName(listing: NamedListing, fallback: string): string {
  return listing.product?.name ?? (listing.title || fallback);
}
