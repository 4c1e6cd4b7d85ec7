import { ApiError, OfflineError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";

// The browser's calls on the cart, and what a failure is called in the reader's language.

const itemPath = (listingId: string) => `/api/cart/items/${encodeURIComponent(listingId)}`;

/** One of the listing into the cart (PUT /api/cart/items/{id}). */
export const addToCart = (listingId: string) => apiRequest("PUT", itemPath(listingId), { quantity: 1 });

/** The message key for a cart call that failed: offline, sold out, one's own, the cart full, or any other failure. */
export function cartFailure(error: unknown): string {
  if (
    error instanceof OfflineError ||
    (error instanceof TypeError && typeof navigator !== "undefined" && !navigator.onLine)
  )
    return "cart.offline";
  if (error instanceof ApiError) {
    if (error.code === "MKT_OUT_OF_STOCK") return "cart.errors.soldOut";
    if (error.code === "AUTHZ_INSUFFICIENT_PERMISSIONS") return "cart.errors.ownListing";
    if (error.code === "AUTHZ_FEATURE_LIMIT_REACHED") return "cart.full";
    if (error.code === "DB_RECORD_NOT_FOUND") return "cart.gone";
  }
  return "cart.addFailed";
}
