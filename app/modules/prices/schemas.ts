import { queryCoordinate } from "~/lib/query-params";
import { optionalText, recordId, text } from "~/lib/text";
import { z } from "~/lib/zod";

// GET /api/prices?product_id=&town=&weeks=: a catalogue product, optionally one town (its weeks as a
// series), and how many weeks back (1 to 52, 12 unless said).

export const pricesQuerySchema = z.strictObject({
  product_id: recordId("prices.errors.product"),
  town: text({ max: 100, required: "prices.errors.town", tooLong: "prices.errors.town" }).optional(),
  weeks: z.coerce
    .number({ error: "prices.errors.weeks" })
    .int("prices.errors.weeks")
    .min(1, "prices.errors.weeks")
    .max(52, "prices.errors.weeks")
    .default(12),
});
export type PricesQuery = z.infer<typeof pricesQuerySchema>;

// GET /api/prices/usual: the usual price of a product where a listing is (the listing form's hint:
// product_id with the place typed or pinned), or of a listing a buyer sees (listing_id, with where
// its price stands).
export const usualPriceQuerySchema = z
  .strictObject({
    product_id: optionalText(recordId("prices.errors.product")),
    listing_id: optionalText(recordId("listing.errors.notFound")),
    locality: optionalText(text({ max: 200, tooLong: "prices.errors.town" })),
    lat: queryCoordinate("latitude", "listing.errors.coordinates"),
    lng: queryCoordinate("longitude", "listing.errors.coordinates"),
  })
  .refine((query) => Boolean(query.product_id) !== Boolean(query.listing_id), {
    message: "prices.errors.productOrListing",
    path: ["product_id"],
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: "listing.errors.coordinates",
    path: ["lat"],
  });
export type UsualPriceQuery = z.infer<typeof usualPriceQuerySchema>;

/** Coordinates' problems are VLD_INVALID_GPS_COORDS; the rest, a missing or wrong field. */
export function usualPriceIssueCode(issue: { path: PropertyKey[] }) {
  return issue.path[0] === "lat" || issue.path[0] === "lng" ? "VLD_INVALID_GPS_COORDS" : "VLD_REQUIRED_FIELD";
}
