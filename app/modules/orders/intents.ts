import { intentGuard } from "~/lib/page-reply";

/** What the order page's forms ask of its action (`intent`): a move, a message, a report, a review, an answer. */
export const ORDER_INTENTS = [
  "accept",
  "decline",
  "cancel",
  "deliver",
  "confirm",
  "dispute",
  "message",
  "report",
  "review",
  "reply",
] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];
export const isOrderIntent = intentGuard(ORDER_INTENTS);
