import { z } from "~/lib/zod";
import { intentGuard } from "~/lib/page-reply";
import { PRODUCT_CATEGORIES, PRODUCT_UNITS } from "~/modules/products/constants";
import { optionalText, text } from "~/lib/text";
import { imageUrl } from "~/modules/listings/schemas";

// The product form's schema, shared by the catalogue page and the server.
// Messages are translation keys. Every string is a text() (app/lib/text.ts),
// its length checked as it is stored.

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const ATTRIBUTES_MAX = 50;

/**
 * A free record of name and value pairs, stored as JSON: at most 50 names of
 * 1-60 characters (counted before reading the values), values of at most 500
 * characters, numbers or true/false. Names and values are text(), so NUL and
 * lone surrogates (which PostgreSQL's JSON refuses) never get through.
 */
const attributes = z
  .custom<Record<string, unknown>>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length <= ATTRIBUTES_MAX &&
      // A "__proto__" name would be dropped on the way to the database: refused, not lost.
      !Object.prototype.hasOwnProperty.call(value, "__proto__"),
    "catalog.errors.attributes",
  )
  .pipe(
    z.record(
      text({ min: 1, max: 60, required: "catalog.errors.attributes", tooLong: "catalog.errors.attributes" }),
      z.union([text({ max: 500, tooLong: "catalog.errors.attributes" }), z.number(), z.boolean()], {
        error: "catalog.errors.attributes",
      }),
      { error: "catalog.errors.attributes" },
    ),
  )
  .optional()
  .nullable();

export const productSchema = z.object({
  name: text({ min: 2, max: 200, required: "catalog.errors.nameTooShort", tooLong: "catalog.errors.nameTooLong" }),
  description: optionalText(text({ max: 5000, tooLong: "catalog.errors.descriptionTooLong" })),
  categories: z
    .array(z.enum(PRODUCT_CATEGORIES, { error: "catalog.errors.unknownCategory" }), {
      error: "catalog.errors.categoriesRequired",
    })
    .min(1, "catalog.errors.categoriesRequired")
    .max(PRODUCT_CATEGORIES.length, "catalog.errors.categoriesRequired")
    .transform((list) => [...new Set(list)]),
  unit: z.preprocess(
    emptyToUndefined,
    z.enum(PRODUCT_UNITS, { error: "catalog.errors.unknownUnit" }).optional().nullable(),
  ),
  attributes,
  isActive: z.boolean({ error: "catalog.errors.isActive" }).default(true),
  images: z.array(imageUrl, { error: "listing.errors.imageUrl" }).max(10, "listing.errors.tooManyImages").default([]),
});
export type ProductInput = z.infer<typeof productSchema>;

/** The same fields as the form sends them (Conform gives strings, lists and "on"). */
export const productFormSchema = productSchema.extend({
  isActive: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  attributes: z.preprocess(emptyToUndefined, productSchema.shape.attributes),
});

export const productQuerySchema = z.object({
  search: optionalText(text({ max: 100 })),
  categories: z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== "" ? value.split(",").map((part) => part.trim()) : undefined,
    z.array(z.enum(PRODUCT_CATEGORIES, { error: "catalog.errors.unknownCategory" })).optional(),
  ),
  is_active: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { error: "catalog.errors.isActive" }).optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "catalog.errors.limit" })
      .int("catalog.errors.limit")
      .min(1, "catalog.errors.limit")
      .max(100, "catalog.errors.limit")
      .default(100),
  ),
  offset: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "catalog.errors.offset" })
      .int("catalog.errors.offset")
      .min(0, "catalog.errors.offset")
      .max(100_000, "catalog.errors.offset")
      .default(0),
  ),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** The catalogue code of a product validation problem. */
export const productCoder = (issue: { path: PropertyKey[] }) =>
  issue.path[0] === "categories" ? "VLD_INVALID_CROP_TYPE" : "VLD_REQUIRED_FIELD";

/** What the catalogue page's action does: its forms' and buttons' `intent`. */
export const CATALOG_INTENTS = ["create", "update", "delete"] as const;
export type CatalogIntent = (typeof CATALOG_INTENTS)[number];
export const isCatalogIntent = intentGuard(CATALOG_INTENTS);

/** What a catalogue intent hands back: the product saved, or what became of a removed one. */
export type CatalogReplyData = { id: string } | { deleted: boolean; deactivated: boolean; linkedListings: number };
