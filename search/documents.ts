// What the search backends index: one flat document per product, listing or
// farm, the same for Meilisearch and for the PostgreSQL backend. Each search
// result's fields (id, title, snippet, geoGeohash) are read straight from these
// documents.
import { encodeGeohash } from "~/lib/geo";
import { listingName } from "~/lib/listing-name";

export const SEARCH_ENTITIES = ["product", "listing", "farm"] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];

export interface SearchDocument {
  /** `${type}_${entityId}`: unique across the three kinds in one index. */
  id: string;
  type: SearchEntity;
  entityId: string;
  title: string;
  snippet: string;
  /** Extra words that should match but are not shown (categories, crops, locality). */
  keywords: string[];
  geoGeohash: string | null;
  _geo: { lat: number; lng: number } | null;
  /**
   * Who may see it: everyone (active products; active and sold listings, as the marketplace
   * shows them) or only the owner (farms, paused or hidden listings, inactive products: nobody).
   */
  visibility: "public" | "owner";
  ownerId: string | null;
  updatedAt: number;
  /** What a result shows beside its title: the listing's price, unit, status and place, an image. */
  priceNgn: number | null;
  unit: string | null;
  status: string | null;
  locality: string | null;
  image: string | null;
  /** Categories, for the category filter (products and listings of a catalogue product). */
  categories: string[];
}

/** Every field of a SearchDocument (what a Meilisearch hit must carry back). */
export const SEARCH_DOCUMENT_FIELDS: readonly (keyof SearchDocument)[] = [
  "id",
  "type",
  "entityId",
  "title",
  "snippet",
  "keywords",
  "geoGeohash",
  "_geo",
  "visibility",
  "ownerId",
  "updatedAt",
  "priceNgn",
  "unit",
  "status",
  "locality",
  "image",
  "categories",
];

const SNIPPET_LENGTH = 160;

export function snippet(text: string | null | undefined): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= SNIPPET_LENGTH) return clean;
  const cut = clean.slice(0, SNIPPET_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${cut.slice(0, lastSpace > SNIPPET_LENGTH / 2 ? lastSpace : SNIPPET_LENGTH).trimEnd()}…`;
}

function geo(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (latitude == null || longitude == null) return { geoGeohash: null, _geo: null };
  return { geoGeohash: encodeGeohash(latitude, longitude), _geo: { lat: latitude, lng: longitude } };
}

export function productDocument(product: {
  id: string;
  name: string;
  description: string | null;
  categories: string[];
  unit: string | null;
  isActive: boolean;
  images?: string[];
  updatedAt: Date;
}): SearchDocument {
  return {
    id: `product_${product.id}`,
    type: "product",
    entityId: product.id,
    title: product.name,
    snippet: snippet(product.description),
    keywords: [...product.categories, ...(product.unit ? [product.unit] : [])],
    geoGeohash: null,
    _geo: null,
    // Inactive products stay out of marketplace searches.
    visibility: product.isActive ? "public" : "owner",
    ownerId: null,
    updatedAt: product.updatedAt.getTime(),
    priceNgn: null,
    unit: product.unit,
    status: product.isActive ? "active" : "inactive",
    locality: null,
    image: product.images?.[0] ?? null,
    categories: product.categories,
  };
}

export function listingDocument(listing: {
  id: string;
  sellerId: string;
  priceNgn: { toString(): string };
  quantity: number;
  status: string;
  locality: string | null;
  latitude: number | null;
  longitude: number | null;
  updatedAt: Date;
  /** Hidden by a moderator, by reports or with the seller's suspension: only the seller finds it. */
  hiddenAt?: Date | null;
  images?: string[];
  /** The seller's own name for what is sold, when it is not a catalogue product. */
  title?: string | null;
  product: {
    name: string;
    description: string | null;
    categories: string[];
    unit: string | null;
    images?: string[];
  } | null;
}): SearchDocument {
  const name = listingName(listing, "Custom Product");
  const unit = listing.product?.unit ? ` / ${listing.product.unit}` : "";
  const place = listing.locality ? ` · ${listing.locality}` : "";
  return {
    id: `listing_${listing.id}`,
    type: "listing",
    entityId: listing.id,
    title: name,
    snippet: snippet(
      `₦${Number(listing.priceNgn.toString()).toLocaleString("en-NG", { maximumFractionDigits: 0 })}${unit} · Qty: ${listing.quantity}${place}`,
    ),
    keywords: [...(listing.product?.categories ?? []), ...(listing.locality ? [listing.locality] : [])],
    ...geo(listing.latitude, listing.longitude),
    // As the marketplace shows them: active and sold (marked sold) to everyone, paused and hidden
    // ones (a moderator's hide, three reports, a suspended seller) to the seller only.
    visibility: (listing.status === "active" || listing.status === "sold") && !listing.hiddenAt ? "public" : "owner",
    ownerId: listing.sellerId,
    updatedAt: listing.updatedAt.getTime(),
    priceNgn: Number(listing.priceNgn.toString()),
    unit: listing.product?.unit ?? null,
    status: listing.status,
    locality: listing.locality,
    image: listing.images?.[0] ?? listing.product?.images?.[0] ?? null,
    categories: listing.product?.categories ?? [],
  };
}

export function farmDocument(farm: {
  id: string;
  ownerId: string;
  name: string;
  description: string | null;
  crops: string[];
  centerLat: number;
  centerLng: number;
  updatedAt: Date;
}): SearchDocument {
  return {
    id: `farm_${farm.id}`,
    type: "farm",
    entityId: farm.id,
    title: farm.name,
    snippet: snippet(farm.description || farm.crops.join(", ")),
    keywords: farm.crops,
    ...geo(farm.centerLat, farm.centerLng),
    // A farm's location is its owner's business.
    visibility: "owner",
    ownerId: farm.ownerId,
    updatedAt: farm.updatedAt.getTime(),
    priceNgn: null,
    unit: null,
    status: null,
    locality: null,
    image: null,
    categories: [],
  };
}
