import { isLanguage, type LanguageCode } from "~/lib/i18n";

// What a USSD session remembers between screens (kept in Redis, app/modules/ussd/session.server.ts):
// who calls, and the screen shown with everything a later screen needs as a field of its own (the
// product, town, listing or order chosen, the quantity typed). Each screen of the table
// (app/modules/ussd/flows) reads its own shape; nothing is packed into a string and split again.

/** Raised when what the session holds changes shape: a session saved in another shape is not read. */
export const SESSION_VERSION = 2;

/** The flows that ask for the PIN before they start. */
export type PinFlow = "sell" | "listings" | "orders";
/** The flows that start by choosing a product. */
export type ProductFlow = "prices" | "buy" | "sell";

export interface ChosenProduct {
  id: string;
  name: string;
  unit: string | null;
  /** The picture a listing made on a phone shows (a keypad sends none). */
  image: string | null;
}

export interface ChosenTown {
  name: string;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A product a list screen offered. */
export interface OfferedProduct {
  id: string;
  name: string;
}

/** A listing on sale the buy flow offered, as it was shown. */
export interface OfferedListing {
  id: string;
  /** The seller's public name. */
  seller: string;
  priceNgn: string;
  available: number;
}

/** One of the caller's own listings, as "My listings" showed it. */
export interface OwnListing {
  id: string;
  name: string;
  quantity: number;
  priceNgn: string;
  status: "active" | "paused" | "sold";
}

/** An order waiting for the caller's answer, as its detail screen showed it. */
export interface RequestedOrder {
  id: string;
  reference: string;
  /** The buyer's public name. */
  buyer: string;
}

/**
 * The screen shown, with what it needs. A list's `offered` is filled in when the screen is shown
 * (an empty list on the way there), so a number typed next means what was on the caller's screen.
 */
export type Screen =
  | { name: "language" }
  | { name: "menu" }
  | { name: "product"; flow: ProductFlow; offered: OfferedProduct[] }
  | { name: "town"; flow: "prices" | "buy"; product: ChosenProduct; offered: string[] }
  | { name: "priceResult"; product: ChosenProduct; town: ChosenTown; sms: string | null }
  | { name: "noPrice"; product: ChosenProduct; town: ChosenTown }
  | { name: "listings"; product: ChosenProduct; town: ChosenTown; offered: OfferedListing[] }
  | { name: "quantity"; product: ChosenProduct; listing: OfferedListing }
  | { name: "buyerName"; product: ChosenProduct; listing: OfferedListing; quantity: number }
  | { name: "orderConfirm"; product: ChosenProduct; listing: OfferedListing; quantity: number }
  | { name: "sellName"; after: PinFlow }
  | { name: "pinNew"; after: PinFlow }
  /** `draft` is the first PIN typed, as a keyed hash, until it is typed again. */
  | { name: "pinAgain"; after: PinFlow; draft: string }
  | { name: "pin"; after: PinFlow }
  | { name: "sellQuantity"; product: ChosenProduct }
  | { name: "sellPrice"; product: ChosenProduct; quantity: number }
  | { name: "sellTown"; product: ChosenProduct; quantity: number; priceNgn: string }
  | { name: "sellConfirm"; product: ChosenProduct; quantity: number; priceNgn: string; town: ChosenTown }
  | { name: "myListings"; offered: OwnListing[] }
  | { name: "listingAction"; listing: OwnListing }
  | { name: "myOrders"; offered: string[] }
  /** `order` is null until the screen has read it. */
  | { name: "orderAction"; orderId: string; order: RequestedOrder | null }
  | { name: "declineReason"; order: RequestedOrder };

export type ScreenName = Screen["name"];
export type ScreenOf<N extends ScreenName> = Extract<Screen, { name: N }>;

export const SCREEN_NAMES = [
  "language",
  "menu",
  "product",
  "town",
  "priceResult",
  "noPrice",
  "listings",
  "quantity",
  "buyerName",
  "orderConfirm",
  "sellName",
  "pinNew",
  "pinAgain",
  "pin",
  "sellQuantity",
  "sellPrice",
  "sellTown",
  "sellConfirm",
  "myListings",
  "listingAction",
  "myOrders",
  "orderAction",
  "declineReason",
] as const satisfies readonly ScreenName[];

export interface UssdSession {
  version: typeof SESSION_VERSION;
  sessionId: string;
  phone: string;
  /** Every answer so far, joined by '*' as the provider sends them. */
  text: string;
  answers: number;
  /** The screen last answered, sent again when the same text comes again. */
  reply: string;
  ended: boolean;
  /** Null until the caller chose one (screens are then in English). */
  language: LanguageCode | null;
  userId: string | null;
  firstName: string | null;
  hasPin: boolean;
  suspended: boolean;
  /** The PIN was given in this session: it is asked once. */
  pinOk: boolean;
  screen: Screen;
}

export const encodeSession = (session: UssdSession) => JSON.stringify(session);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isText = (value: unknown): value is string => typeof value === "string";
const isTextOrNull = (value: unknown) => value === null || isText(value);

/**
 * A session as stored, or null for one that cannot be read as this code's: a session saved by
 * older code (its screen was a `node`, its choices `|`-joined ids), a newer version's, or a
 * spoilt value. Such a session is treated as one that expired.
 */
export function decodeSession(raw: string): UssdSession | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || value.version !== SESSION_VERSION) return null;
  const { screen } = value;
  const known =
    isText(value.sessionId) &&
    isText(value.phone) &&
    isText(value.text) &&
    isText(value.reply) &&
    typeof value.answers === "number" &&
    typeof value.ended === "boolean" &&
    (value.language === null || isLanguage(value.language)) &&
    isTextOrNull(value.userId) &&
    isTextOrNull(value.firstName) &&
    typeof value.hasPin === "boolean" &&
    typeof value.suspended === "boolean" &&
    typeof value.pinOk === "boolean" &&
    isObject(screen) &&
    (SCREEN_NAMES as readonly unknown[]).includes(screen.name);
  // The screen's own fields were written by this code's version with it: the version vouches for them.
  return known ? (value as unknown as UssdSession) : null;
}
