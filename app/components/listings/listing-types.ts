import type { PageReply } from "~/lib/page-reply";
import type { ListingIntent } from "~/modules/listings/schemas";
import type { LISTING_CONDITIONS, LISTING_STATUSES } from "~/modules/listings/constants";

// What the My Listings page, its cards and the listing form share with the
// route: the listing as the page shows it, the products offered in the
// form, and the action's answers.

export type ListingCondition = (typeof LISTING_CONDITIONS)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export interface ListingProductOption {
  id: string;
  name: string;
  unit: string | null;
}

export interface MyListing {
  id: string;
  productId: string | null;
  /** The seller's own name for what is sold, when it is not a catalogue product. */
  title: string | null;
  /** Whether buyers may see the seller's phone on this listing's details. */
  showPhone: boolean;
  /** Naira as a decimal string, e.g. "12500.00". */
  priceNgn: string;
  quantity: number;
  condition: ListingCondition;
  status: ListingStatus;
  images: string[];
  latitude: number | null;
  longitude: number | null;
  locality: string | null;
  product: (ListingProductOption & { images: string[] }) | null;
  /** Hidden from everyone else (a moderator's hide, three reports, the seller's suspension), and why. */
  hidden?: ListingHidden | null;
}

export interface ListingHidden {
  at: string;
  cause: "moderator" | "reports" | "suspension" | null;
  reason: string | null;
}

/** What a listing intent hands back: the new status, a price suggestion, or the market insights. */
export interface ListingReplyData {
  status?: ListingStatus;
  suggestion?: PriceSuggestion | null;
  insights?: MarketInsight[];
}
export type ListingReply = PageReply<ListingIntent, ListingReplyData>;

export type { MarketInsight } from "~/modules/listings/insights.server";
import type { MarketInsight } from "~/modules/listings/insights.server";

/** The premium price suggestion: what active listings of the same product ask. */
export interface PriceSuggestion {
  count: number;
  low: number;
  median: number;
  high: number;
}
