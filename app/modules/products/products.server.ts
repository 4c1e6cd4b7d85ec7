import { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { assertAdministrator } from "~/modules/auth/roles";
import { checkPhotos, shownPhotos } from "~/modules/storage/image-addresses.server";
import {
  notifyIndexing,
  recordIndexChange,
  recordProductListingsChange,
  writeIndexed,
} from "~/modules/search/indexing.server";
import type { ProductInput, ProductQuery } from "./schemas";
import { isDatabaseRefusal } from "~/server/db-errors";

// The global product catalogue. Everyone signed in reads it; only
// administrators write it: the routes' gates say so, and every write asserts
// it again of the acting user, so a new caller cannot forget it.

/** Who is changing the catalogue. */
export type CatalogueActor = { id: string; role: string };

const productSelect = {
  id: true,
  name: true,
  description: true,
  categories: true,
  unit: true,
  attributes: true,
  isActive: true,
  images: true,
  createdAt: true,
  updatedAt: true,
} as const;

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

export function productDto(product: ProductRow) {
  return {
    ...product,
    // An older row's outside address never reaches a reader's browser.
    images: shownPhotos(product.images),
    attributes: (product.attributes ?? null) as Record<string, string | number | boolean> | null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
export type ProductDto = ReturnType<typeof productDto>;

export async function listProducts(query: ProductQuery) {
  const where: Prisma.ProductWhereInput = {
    ...(query.is_active ? { isActive: query.is_active === "true" } : {}),
    ...(query.categories?.length ? { categories: { hasSome: query.categories } } : {}),
    ...(query.search
      ? {
          OR: [
            { name: { contains: query.search, mode: "insensitive" } },
            { description: { contains: query.search, mode: "insensitive" } },
          ],
        }
      : {}),
  };
  const [products, total] = await Promise.all([
    prisma.product.findMany({
      where,
      select: productSelect,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: query.limit,
      skip: query.offset,
    }),
    prisma.product.count({ where }),
  ]);
  return { products: products.map(productDto), total };
}

export async function getProduct(id: string) {
  // An id that cannot be one names no product; it never reaches the database.
  if (!isRecordId(id)) throw new Refusal("MKT_PRODUCT_NOT_FOUND", "catalog.errors.notFound");
  const product = await prisma.product.findUnique({ where: { id }, select: productSelect });
  if (!product) throw new Refusal("MKT_PRODUCT_NOT_FOUND", "catalog.errors.notFound");
  return productDto(product);
}

function toData(input: ProductInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    categories: input.categories,
    unit: input.unit ?? null,
    // A full update without attributes clears them (undefined would keep the old ones).
    attributes: input.attributes ?? Prisma.DbNull,
    isActive: input.isActive,
    images: input.images,
  };
}

export async function createProduct(actor: CatalogueActor, input: ProductInput) {
  assertAdministrator(actor, "catalog.denied");
  await checkPhotos(input.images, { purpose: "product" });
  const product = await writeIndexed(
    "product",
    (tx) => tx.product.create({ data: { ...toData(input), createdById: actor.id }, select: productSelect }),
    (created) => created.id,
  );
  return productDto(product);
}

export async function updateProduct(actor: CatalogueActor, id: string, input: ProductInput) {
  assertAdministrator(actor, "catalog.denied");
  await getProduct(id);
  await checkPhotos(input.images, { purpose: "product" });
  const product = await prisma.$transaction(async (tx) => {
    const updated = await tx.product.update({ where: { id }, data: toData(input), select: productSelect });
    await recordIndexChange(tx, "product", id);
    await recordProductListingsChange(tx, id);
    return updated;
  });
  await notifyIndexing("product", id);
  await notifyListingsOf(id);
  return productDto(product);
}

/**
 * Deletes a product no listing links to. A product that listings link to is
 * deactivated instead, so no listing is left pointing at nothing.
 */
export async function deleteProduct(actor: CatalogueActor, id: string) {
  assertAdministrator(actor, "catalog.denied");
  await getProduct(id);
  const outcome = await removeOrDeactivate(id).catch(async (error: unknown) => {
    // A listing linked to it between the count and the delete: the foreign key refused; deactivate instead.
    if (isDatabaseRefusal(error, "P2003")) {
      await prisma.$transaction(async (tx) => {
        await tx.product.update({ where: { id }, data: { isActive: false } });
        await recordIndexChange(tx, "product", id);
      });
      return {
        deleted: false,
        deactivated: true,
        linkedListings: await prisma.listing.count({ where: { productId: id } }),
      };
    }
    throw error;
  });
  await notifyIndexing("product", id, outcome.deleted ? "delete" : "upsert");
  return outcome;
}

async function removeOrDeactivate(id: string) {
  return prisma.$transaction(async (tx) => {
    const linked = await tx.listing.count({ where: { productId: id } });
    if (linked > 0) {
      await tx.product.update({ where: { id }, data: { isActive: false } });
      await recordIndexChange(tx, "product", id);
      return { deleted: false, deactivated: true, linkedListings: linked };
    }
    await tx.product.delete({ where: { id } });
    await recordIndexChange(tx, "product", id);
    return { deleted: true, deactivated: false, linkedListings: 0 };
  });
}

/** Queues the listings of a product whose name, categories or unit changed (their documents carry them). */
async function notifyListingsOf(productId: string) {
  const listings = await prisma.listing.findMany({ where: { productId }, select: { id: true } });
  for (const listing of listings) await notifyIndexing("listing", listing.id);
}
