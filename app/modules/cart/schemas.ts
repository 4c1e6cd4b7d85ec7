import type { ErrorCode } from "~/server/errors/catalogue";
import { LISTING_LIMITS } from "~/modules/listings/constants";
import { z } from "~/lib/zod";

// What a cart change takes: PUT /api/cart/items/{listingId} { quantity } (a whole number of the
// listing's unit, at least 1; how many the listing can still give is the module's to check).

export const cartItemSchema = z.strictObject({
  quantity: z
    .number({ error: "cart.errors.quantity" })
    .int("cart.errors.quantity")
    .min(LISTING_LIMITS.quantityMin, "cart.errors.quantity")
    .max(LISTING_LIMITS.quantityMax, "cart.errors.quantity"),
});
export type CartItemInput = z.infer<typeof cartItemSchema>;

/** Every cart problem is a quantity's. */
export const cartIssueCode = (): ErrorCode => "VLD_INVALID_QUANTITY";
