import type { LanguageCode } from "~/lib/i18n";

// What a USSD session remembers between screens (kept in Redis, app/modules/ussd/session.server.ts).

export type Flow = "prices" | "buy" | "sell" | "listings" | "orders";

export type NodeName =
  | "language"
  | "menu"
  | "product"
  | "productPick"
  | "town"
  | "priceResult"
  | "noPrice"
  | "listings"
  | "quantity"
  | "buyerName"
  | "orderConfirm"
  | "sellName"
  | "pinNew"
  | "pinAgain"
  | "pin"
  | "sellQuantity"
  | "sellPrice"
  | "sellTown"
  | "sellConfirm"
  | "myListings"
  | "listingAction"
  | "myOrders"
  | "orderAction"
  | "declineReason";

/** One numbered option a screen offered: what its number stands for. */
export interface Choice {
  key: string;
  id: string;
  label: string;
}

export interface ChosenProduct {
  id: string;
  name: string;
  unit: string | null;
  image: string | null;
}

export interface ChosenTown {
  name: string;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ChosenListing {
  id: string;
  seller: string;
  priceNgn: string;
  available: number;
}

export interface UssdState {
  sessionId: string;
  phone: string;
  /** Every answer so far, joined by '*' as the provider sends them. */
  text: string;
  answers: number;
  /** The screen last answered, sent again when the same text comes again. */
  reply: string;
  ended: boolean;
  node: NodeName;
  /** Null until the caller chose one (screens are then in English). */
  language: LanguageCode | null;
  userId: string | null;
  firstName: string | null;
  hasPin: boolean;
  suspended: boolean;
  /** The PIN was given in this session: it is asked once. */
  pinOk: boolean;
  flow: Flow | null;
  choices: Choice[];
  product: ChosenProduct | null;
  town: ChosenTown | null;
  listing: ChosenListing | null;
  quantity: number | null;
  priceNgn: string | null;
  /** The first PIN typed when choosing one, as a keyed hash, until it is typed again. */
  pinDraft: string | null;
  /** What the PIN was asked for. */
  afterPin: Flow | null;
  /** The listing or order chosen from "My listings" / "My orders". */
  picked: Choice | null;
  /** The price screen's sentence, for "Send me this by SMS". */
  priceText: string | null;
}
