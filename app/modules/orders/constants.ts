import type { Limit } from "~/server/rate-limit.server";

// Orders' numbers and limits, shared with the browser.

export const ORDER_STATUSES = [
  "requested",
  "changes_proposed",
  "accepted",
  "declined",
  "cancelled",
  "delivered",
  "completed",
  "disputed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a party may do to an order: POST /api/orders/{id}/{action}. */
export const ORDER_ACTIONS = ["accept", "decline", "cancel", "deliver", "confirm", "dispute"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const FULFILMENTS = ["pickup", "delivery"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** What a buyer may say went wrong with a delivered order. */
export const DISPUTE_REASONS = ["not_received", "not_as_agreed", "other"] as const;

/** A delivered order completes by itself this long after delivery, unless the buyer disputes it. */
export const AUTO_COMPLETE_DAYS = 7;

/** How far ahead a preferred date may be. */
export const PREFERRED_DATE_MAX_DAYS = 180;

export const ORDER_TEXT_LIMITS = {
  message: 1000,
  town: 100,
  deliveryNote: 500,
  declineReason: 500,
  disputeNote: 1000,
} as const;

/** Messages one order's thread may hold: a negotiation, not a chat room. */
export const ORDER_MESSAGES_MAX = 200;

/** Orders shown on one page of My Orders and GET /api/orders. */
export const ORDERS_PAGE_SIZE = 20;

/** Order requests one account may send in an hour. */
export const ORDER_CREATE_LIMIT: Limit = { name: "order-create", max: 20, windowSeconds: 3600 };
/** Moves (accept, decline...) one account may make in a minute. */
export const ORDER_MOVE_LIMIT: Limit = { name: "order-move", max: 60, windowSeconds: 60 };
/** Messages one account may send in a minute, and in a day. */
export const ORDER_MESSAGE_LIMIT: Limit = { name: "order-message", max: 10, windowSeconds: 60 };
export const ORDER_MESSAGE_DAILY_LIMIT: Limit = { name: "order-message-day", max: 300, windowSeconds: 86_400 };

/** Statuses with nothing more to happen. */
export const CLOSED_STATUSES: readonly OrderStatus[] = ["declined", "cancelled", "completed"];
