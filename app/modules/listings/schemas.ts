import { z } from "~/lib/zod";
import { intentGuard } from "~/lib/page-reply";
import { LISTING_CONDITIONS, LISTING_LIMITS, LISTING_STATUSES } from "~/modules/listings/constants";
import { PRODUCT_CATEGORIES } from "~/modules/products/constants";
import { commaList, emptyToUndefined, fieldCoordinate, optionalNumber, queryCoordinate } from "~/lib/query-params";
import { LISTING_LIMIT_MAX, LISTING_OFFSET_MAX, LISTING_SORTS } from "./constants";

export { LISTING_LIMIT_MAX, LISTING_OFFSET_MAX, LISTING_SORTS };
import { optionalText, recordId, text } from "~/lib/text";
import { readPhotoAddress } from "~/modules/storage/image-addresses";

// The listing form's schema, shared by the page and the server. Messages are
// translation keys; their English texts are in app/locales/en.json. Every
// string is a text() (app/lib/text.ts), its length checked as it is stored.

/**
 * A photo address as a form may send it: one of our uploads' web sizes, a bundled catalogue
 * picture, or an https address (never javascript:, data:, plain http or the like). Whether this
 * listing or product may show it (the seller's own upload, a host the operator allows) is the
 * module's check, which knows the uploads and the configuration (image-addresses.server.ts).
 */
export const imageUrl = text({
  min: 1,
  max: 2048,
  required: "listing.errors.imageUrl",
  tooLong: "listing.errors.imageUrl",
}).refine((value) => readPhotoAddress(value) !== null, "listing.errors.imageUrl");

/** Naira with at most two decimals, from 1 to 10,000,000; kept as a string so it is stored exactly. */
export const priceNgn = z
  .union([text({ max: 32, required: "listing.errors.priceRange" }), z.number()], { error: "listing.errors.priceRange" })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), "listing.errors.priceRange")
  .refine((value) => {
    const amount = Number(value);
    return amount >= LISTING_LIMITS.priceMinNgn && amount <= LISTING_LIMITS.priceMaxNgn;
  }, "listing.errors.priceRange");

/**
 * What a listing sells when it is not in the catalogue, in the seller's words:
 * 2 to 80 characters once trimmed, with runs of white space made one space.
 */
export const listingTitle = text({
  min: 2,
  max: 80,
  required: "listing.errors.titleRequired",
  tooShort: "listing.errors.titleRequired",
  tooLong: "listing.errors.titleTooLong",
}).overwrite((value) => value.replace(/\s+/gu, " "));

/** Whether the body is an object whose fields have none of these problems of their own (a body that is not an object has one of its own). */
const checkable = (payload: z.core.ParsePayload, ...fields: string[]) =>
  typeof payload.value === "object" &&
  payload.value !== null &&
  !Array.isArray(payload.value) &&
  !payload.issues.some((issue) => fields.includes(String(issue.path?.[0] ?? "")));

/** A form's checkbox ("on" when ticked, absent when not) or JSON's true and false. */
const checkbox = (message: string) =>
  z.preprocess(
    (value) => (value === "on" ? true : value === undefined || value === null || value === "" ? false : value),
    z.boolean({ error: message }),
  );

export const listingSchema = z
  .object({
    productId: optionalText(recordId("listing.errors.productNotFound")),
    /** The form's explicit 'Something not in the list' choice: a title then replaces the product. */
    custom: checkbox("listing.errors.productRequired"),
    title: optionalText(listingTitle),
    /** Whether buyers may see the seller's phone on this listing's details. */
    showPhone: checkbox("contact.errors.showPhone"),
    priceNgn,
    quantity: z
      .union([z.number(), text({ max: 32, required: "listing.errors.quantityMin" })], {
        error: "listing.errors.quantityMin",
      })
      .transform((value) => (typeof value === "string" ? Number(value.trim()) : value))
      .refine((value) => Number.isInteger(value), "listing.errors.quantityWhole")
      .refine((value) => value >= LISTING_LIMITS.quantityMin, "listing.errors.quantityMin")
      .refine((value) => value <= LISTING_LIMITS.quantityMax, "listing.errors.quantityMax"),
    condition: z.enum(LISTING_CONDITIONS, { error: "listing.errors.condition" }),
    images: z
      .array(imageUrl, { error: "listing.errors.imagesRequired" })
      .min(1, "listing.errors.imagesRequired")
      .max(10, "listing.errors.tooManyImages"),
    latitude: fieldCoordinate("latitude", "listing.errors.coordinates"),
    longitude: fieldCoordinate("longitude", "listing.errors.coordinates"),
    locality: optionalText(text({ max: 200, tooLong: "listing.errors.localityTooLong" })),
    status: z.enum(LISTING_STATUSES, { error: "listing.errors.status" }).default("active"),
  })
  .refine((listing) => (listing.latitude === undefined) === (listing.longitude === undefined), {
    message: "listing.errors.coordinates",
    path: ["latitude"],
  })
  // A product from the catalogue, or (chosen deliberately, or sent by the API) a title of the seller's own.
  // Checked even when other fields fail (a missing photo, say), so the form shows every problem at once;
  // a field that failed its own check is left to its own message.
  .refine((listing) => Boolean(listing.productId || listing.custom || listing.title), {
    message: "listing.errors.productRequired",
    path: ["productId"],
    when: (payload) => checkable(payload, "productId", "custom", "title"),
  })
  .refine((listing) => Boolean(listing.productId || !listing.custom || listing.title), {
    message: "listing.errors.titleRequired",
    path: ["title"],
    when: (payload) => checkable(payload, "productId", "custom", "title"),
  })
  // A listing names one thing: a catalogue product wins over a title sent with it.
  .transform(({ custom: _custom, ...listing }) => ({
    ...listing,
    title: listing.productId ? null : (listing.title ?? null),
  }));
export type ListingInput = z.infer<typeof listingSchema>;

/** PATCH takes the whole form, or only { status } (the Pause/Activate button). */
export const listingStatusSchema = z
  .object({ status: z.enum(LISTING_STATUSES, { error: "listing.errors.status" }) })
  .strict();

/** Paging bounds of the listing query: at most 100 a page, starting no further than the 100,000th. */

export const listingQuerySchema = z
  .object({
    search: optionalText(text({ max: 100 })),
    categories: commaList(PRODUCT_CATEGORIES, "catalog.errors.unknownCategory"),
    condition: commaList(LISTING_CONDITIONS, "listing.errors.condition"),
    status: commaList(LISTING_STATUSES, "listing.errors.status"),
    seller_id: optionalText(recordId()),
    // A value that is no number at all (NaN, words) gets the same message as one out of range.
    price_min: optionalNumber(z.number().min(0, "listing.errors.priceFilter"), "listing.errors.priceFilter"),
    price_max: optionalNumber(z.number().min(0, "listing.errors.priceFilter"), "listing.errors.priceFilter"),
    lat: queryCoordinate("latitude", "listing.errors.coordinates"),
    lng: queryCoordinate("longitude", "listing.errors.coordinates"),
    radius_km: optionalNumber(
      z.number().min(1, "listing.errors.radius").max(500, "listing.errors.radius"),
      "listing.errors.radius",
    ),
    sort: z.preprocess(emptyToUndefined, z.enum(LISTING_SORTS, { error: "listing.errors.sort" }).default("newest")),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "listing.errors.limit" })
        .int("listing.errors.limit")
        .min(1, "listing.errors.limit")
        .max(LISTING_LIMIT_MAX, "listing.errors.limit")
        .default(LISTING_LIMITS.pageSize),
    ),
    offset: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "listing.errors.offset" })
        .int("listing.errors.offset")
        .min(0, "listing.errors.offset")
        .max(LISTING_OFFSET_MAX, "listing.errors.offset")
        .default(0),
    ),
  })
  .refine((query) => (query.lat === undefined) === (query.lng === undefined), {
    message: "listing.errors.coordinates",
    path: ["lat"],
  })
  .refine((query) => query.sort !== "distance" || query.lat !== undefined, {
    message: "listing.errors.distanceNeedsLocation",
    path: ["sort"],
  });
export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** The catalogue code of a listing validation problem. */
export function listingIssueCode(field: string) {
  if (field === "priceNgn" || field === "price_min" || field === "price_max") return "VLD_INVALID_PRICE";
  if (field === "quantity") return "VLD_INVALID_QUANTITY";
  if (field === "latitude" || field === "longitude" || field === "lat" || field === "lng" || field === "radius_km")
    return "VLD_INVALID_GPS_COORDS";
  if (field === "categories") return "VLD_INVALID_CROP_TYPE";
  if (field === "showPhone") return "VLD_INVALID_PHONE";
  return "VLD_REQUIRED_FIELD";
}

/** What the My Listings page's forms and buttons ask of its action (`intent`). */
export const LISTING_INTENTS = ["create", "update", "status", "delete", "suggest-price", "insights"] as const;
export type ListingIntent = (typeof LISTING_INTENTS)[number];
export const isListingIntent = intentGuard(LISTING_INTENTS);
