import { optionalText, recordId, text } from "~/lib/text";
import { z } from "~/lib/zod";
import { LISTING_LIMITS } from "~/modules/listings/constants";
import { priceNgn } from "~/modules/listings/schemas";
import { validate } from "~/server/validation";
import { DISPUTE_REASONS, FULFILMENTS, ORDER_STATUSES, ORDER_TEXT_LIMITS, type OrderAction } from "./constants";

// What order requests, moves, messages and reviews take. The same schemas check the pages' forms
// and the API's JSON; what depends on the moment (a preferred date not in the past) or on the
// order (which items it has) is the module's to check.

const limited = (max: number, key: string) => text({ max, tooLong: key, required: key });

/** A calendar date, 'YYYY-MM-DD', that exists. */
const calendarDate = text({ max: 10, required: "orders.errors.date" }).refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, "orders.errors.date");

/** POST /api/orders: one order from the buyer's cart items of one seller. */
export const createOrderSchema = z
  .strictObject({
    sellerId: recordId("orders.errors.seller"),
    fulfilment: z.enum(FULFILMENTS, { error: "orders.errors.fulfilment" }),
    preferredDate: optionalText(calendarDate),
    message: optionalText(limited(ORDER_TEXT_LIMITS.message, "orders.errors.messageTooLong")),
    town: optionalText(limited(ORDER_TEXT_LIMITS.town, "orders.errors.townTooLong")),
    deliveryNote: optionalText(limited(ORDER_TEXT_LIMITS.deliveryNote, "orders.errors.noteTooLong")),
  })
  .refine((input) => input.fulfilment !== "delivery" || Boolean(input.town), {
    message: "orders.errors.townRequired",
    path: ["town"],
  });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

const quantity = z
  .number({ error: "orders.errors.quantity" })
  .int("orders.errors.quantity")
  .min(LISTING_LIMITS.quantityMin, "orders.errors.quantity")
  .max(LISTING_LIMITS.quantityMax, "orders.errors.quantity");

/**
 * POST /api/orders/{id}/accept: the seller may change an item's quantity or price (the buyer then
 * confirms); the buyer accepting the seller's changes sends nothing.
 */
export const acceptSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: recordId("orders.errors.item"),
        quantity: quantity.optional(),
        priceNgn: priceNgn.optional(),
      }),
      { error: "orders.errors.item" },
    )
    .max(100, "orders.errors.item")
    .optional(),
});
export type AcceptInput = z.infer<typeof acceptSchema>;

/** POST /api/orders/{id}/decline: why, for the buyer. */
export const declineSchema = z.strictObject({
  reason: text({
    min: 1,
    max: ORDER_TEXT_LIMITS.declineReason,
    required: "orders.errors.reasonRequired",
    tooLong: "orders.errors.reasonTooLong",
  }),
});

/** POST /api/orders/{id}/dispute: what went wrong, for the moderators. */
export const disputeSchema = z.strictObject({
  reason: z.enum(DISPUTE_REASONS, { error: "orders.errors.disputeReason" }),
  note: text({
    min: 1,
    max: ORDER_TEXT_LIMITS.disputeNote,
    required: "orders.errors.disputeNote",
    tooLong: "orders.errors.noteTooLong",
  }),
});
export type DisputeInput = z.infer<typeof disputeSchema>;

/** Cancel, deliver and confirm take nothing. */
export const emptyMoveSchema = z.strictObject({});

/** What each move takes, as POST /api/orders/{id}/{move} is sent it (the order page's forms are put in the same shape). */
export const moveSchema = {
  accept: acceptSchema,
  decline: declineSchema,
  dispute: disputeSchema,
  cancel: emptyMoveSchema,
  deliver: emptyMoveSchema,
  confirm: emptyMoveSchema,
} as const satisfies Record<OrderAction, z.ZodType>;

/** One party's move and what it carries, checked. */
export type Move =
  | { action: "accept"; input: AcceptInput }
  | { action: "decline"; input: z.infer<typeof declineSchema> }
  | { action: "dispute"; input: DisputeInput }
  | { action: "cancel" | "deliver" | "confirm"; input: Record<string, never> };

/** A move from what was sent for it: 400 with the order problem's code (orderIssueCode) when it does not fit. */
export function readMove(action: OrderAction, body: unknown): Move {
  const options = { coder: orderIssueCode };
  switch (action) {
    case "accept":
      return { action, input: validate(moveSchema.accept, body, options) };
    case "decline":
      return { action, input: validate(moveSchema.decline, body, options) };
    case "dispute":
      return { action, input: validate(moveSchema.dispute, body, options) };
    default:
      // An empty object: nothing to carry, whatever the type says of its keys.
      return { action, input: validate(moveSchema[action], body, options) as Record<string, never> };
  }
}

/** GET /api/orders?role=buyer|seller&status=...&page= */
export const orderListQuery = z.strictObject({
  role: z.enum(["buyer", "seller"], { error: "orders.errors.role" }).default("buyer"),
  status: z.enum(ORDER_STATUSES, { error: "orders.errors.status" }).optional(),
  page: z.coerce.number({ error: "orders.errors.page" }).int("orders.errors.page").min(1).max(1000).default(1),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** POST /api/orders/{id}/messages { body } */
export const messageSchema = z.strictObject({
  body: text({
    min: 1,
    max: ORDER_TEXT_LIMITS.message,
    required: "orders.errors.messageRequired",
    tooLong: "orders.errors.messageTooLong",
  }),
});

/** The catalogue code of an order problem, from where it is ('items.0.priceNgn'). */
export function orderIssueCode(issue: { path: PropertyKey[] }) {
  const path = issue.path.map(String);
  if (path.includes("priceNgn")) return "VLD_INVALID_PRICE";
  if (path.includes("quantity") || path[0] === "items") return "VLD_INVALID_QUANTITY";
  return "VLD_REQUIRED_FIELD";
}
