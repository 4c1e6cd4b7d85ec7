import { z } from "zod";
import { PRODUCT_CATEGORIES, PRODUCT_UNITS } from "~/lib/catalog";
import { imageUrl } from "~/modules/listings/schemas";

// The product form's schema, shared by the
// catalogue page and the server. Messages are translation keys.

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const productSchema = z.object({
  name: z
    .string({ error: "catalog.errors.nameTooShort" })
    .trim()
    .min(2, "catalog.errors.nameTooShort")
    .max(200, "catalog.errors.nameTooLong"),
  description: z.preprocess(emptyToUndefined, z.string().trim().max(5000, "catalog.errors.descriptionTooLong").optional().nullable()),
  categories: z
    .array(z.enum(PRODUCT_CATEGORIES, { error: "catalog.errors.unknownCategory" }), { error: "catalog.errors.categoriesRequired" })
    .min(1, "catalog.errors.categoriesRequired")
    .max(PRODUCT_CATEGORIES.length, "catalog.errors.categoriesRequired")
    .transform((list) => [...new Set(list)]),
  unit: z.preprocess(emptyToUndefined, z.enum(PRODUCT_UNITS, { error: "catalog.errors.unknownUnit" }).optional().nullable()),
  attributes: z
    .record(z.string().trim().min(1).max(60), z.union([z.string().max(500), z.number(), z.boolean()]), { error: "catalog.errors.attributes" })
    .refine((record) => Object.keys(record).length <= 50, "catalog.errors.attributes")
    .optional()
    .nullable(),
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
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  categories: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? value.split(",").map((part) => part.trim()) : undefined),
    z.array(z.enum(PRODUCT_CATEGORIES, { error: "catalog.errors.unknownCategory" })).optional(),
  ),
  is_active: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { error: "catalog.errors.isActive" }).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(100)),
  offset: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** The catalogue code of a product validation problem. */
export const productCoder = (issue: { path: PropertyKey[] }) =>
  issue.path[0] === "categories" ? "VLD_INVALID_CROP_TYPE" : "VLD_REQUIRED_FIELD";
