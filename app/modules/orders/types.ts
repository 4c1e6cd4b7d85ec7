import type { OrderAction, OrderStatus } from "./constants";
import type { Party } from "./moves";
import type { AcceptInput, DisputeInput } from "./schemas";

// What the order functions answer and take, as types: the order pages (components) read them too.

export interface OrderItemDto {
  id: string;
  /** Null once the listing is gone (the order keeps what was asked for). */
  listingId: string | null;
  name: string;
  unit: string | null;
  quantity: number;
  priceNgn: string;
  /** What the seller proposed instead, when they did. */
  proposedQuantity: number | null;
  proposedPriceNgn: string | null;
  /** What counts: the proposal once made, else what was asked. */
  agreedQuantity: number;
  agreedPriceNgn: string;
  subtotalNgn: string;
}

export interface OrderParty {
  id: string;
  name: string;
  phoneVerified: boolean;
  /** The other party's verified phone, once the order is accepted (not before, and never unverified). */
  phone: string | null;
}

export interface OrderReviewDto {
  id: string;
  rating: number;
  text: string | null;
  reply: string | null;
  hidden: boolean;
  createdAt: string;
}

export interface OrderDto {
  id: string;
  reference: string;
  status: OrderStatus;
  fulfilment: "pickup" | "delivery";
  town: string | null;
  deliveryNote: string | null;
  preferredDate: string | null;
  message: string | null;
  totalNgn: string;
  declineReason: string | null;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  deliveredAt: string | null;
  completesAt: string | null;
  completedAt: string | null;
  /** Who reads it. */
  role: Party;
  buyer: OrderParty;
  seller: OrderParty;
  items: OrderItemDto[];
  /** The moves the reader may make now. */
  actions: OrderAction[];
  review: OrderReviewDto | null;
  /** Whether the reader may review it now (its buyer, completed, not reviewed yet). */
  canReview: boolean;
  /** Whether the reader may answer its review now (its seller, a review without an answer). */
  canReply: boolean;
}

export interface OrderSummary {
  id: string;
  reference: string;
  status: OrderStatus;
  role: Party;
  /** The other party's public name. */
  otherParty: string;
  totalNgn: string;
  itemCount: number;
  /** The first item's name, for the list's line ('Maize and 2 more'). */
  firstItem: string;
  fulfilment: "pickup" | "delivery";
  preferredDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One move on an order, with what that move takes (moves.server.ts makes it). */
export type MoveInput =
  | { action: "accept"; input: AcceptInput }
  | { action: "decline"; input: { reason: string } }
  | { action: "dispute"; input: DisputeInput }
  | { action: "cancel" | "deliver" | "confirm"; input: Record<string, never> };
