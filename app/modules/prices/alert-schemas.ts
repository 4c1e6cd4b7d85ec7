import { recordId, text } from "~/lib/text";
import { z } from "~/lib/zod";
import { priceNgn } from "~/modules/listings/schemas";

// What the price alerts take: POST /api/price-alerts { product_id, town, target_price? } follows a
// product in a town (again: changes the target), DELETE /api/price-alerts { id } (or ?id=) stops.

export const priceAlertSchema = z.strictObject({
  product_id: recordId("prices.errors.product"),
  town: text({ max: 100, required: "prices.errors.townRequired", tooLong: "prices.errors.town" }),
  /** Naira per the product's unit; told when a listing appears at or under it. */
  target_price: z.union([priceNgn, z.null(), z.literal("")]).optional(),
});
export type PriceAlertInput = z.infer<typeof priceAlertSchema>;

export const priceAlertDeleteSchema = z.strictObject({ id: recordId("prices.errors.alert") });

/** The target's problems are prices'; the rest are a missing or wrong field. */
export function priceAlertIssueCode(issue: { path: PropertyKey[] }) {
  return issue.path[0] === "target_price" ? "VLD_INVALID_PRICE" : "VLD_REQUIRED_FIELD";
}
