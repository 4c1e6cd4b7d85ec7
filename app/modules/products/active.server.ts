import { prisma } from "~/server/db.server";
import { PRODUCT_CATEGORIES } from "./constants";

// A catalogue product chosen on a basic phone (the USSD menu), with the picture a listing made
// there shows: a keypad sends none, so the product's own, else its category's bundled one.

export interface ActiveProduct {
  id: string;
  name: string;
  unit: string | null;
  image: string | null;
}

/** A catalogue category's bundled picture ("Grains & Cereals": /images/products/grains-cereals.svg). */
export const categoryPicture = (category: string | undefined) =>
  category && (PRODUCT_CATEGORIES as readonly string[]).includes(category)
    ? `/images/products/${category.toLowerCase().replace(/&/g, "").replace(/\s+/g, "-")}.svg`
    : null;

/** The product if it is active, else null. */
export async function activeProduct(id: string): Promise<ActiveProduct | null> {
  const product = await prisma.product.findFirst({
    where: { id, isActive: true },
    select: { id: true, name: true, unit: true, images: true, categories: true },
  });
  if (!product) return null;
  const image = product.images[0] ?? categoryPicture(product.categories[0]);
  return { id: product.id, name: product.name, unit: product.unit, image };
}
