import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readCatalogFilters } from "~/components/products/catalog-filters";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { ProductCatalogPage } from "~/components/products/product-catalog-page";
import { PRODUCTS_PAGE_SIZE } from "~/modules/products/constants";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/modules/products/products.server";
import {
  productFormSchema,
  productQuerySchema,
  type CatalogIntent,
  type CatalogReplyData,
} from "~/modules/products/schemas";
import { recordId } from "~/lib/text";
import { validateLeniently, validateValue } from "~/server/validation";

// Product Catalog: administrators keep the global product list that listings
// link to; everyone else sees the access-denied alert.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isAdministrator(user)) return { isAdmin: false as const };
  const filters = readCatalogFilters(new URL(request.url).searchParams);
  const query = validateLeniently(productQuerySchema, {
    search: filters.search,
    categories: filters.categories.join(","),
    is_active: filters.status === "all" ? undefined : String(filters.status === "active"),
    limit: PRODUCTS_PAGE_SIZE,
  });
  const { products, total } = await listProducts(query);
  return { isAdmin: true as const, products, total, locale: detectLanguage(request) };
}

/** The product a delete or an update is about: a record id, or the form's error. */
const productId = (form: FormData) => validateValue(recordId("catalog.errors.notFound"), form.get("id"));

// Only an administrator changes the catalogue: every write below refuses anyone else (403, 'catalog.denied').
export const action = pageActions({
  create: intent({
    gate: requireUser,
    input: { form: productFormSchema },
    run: async ({ user, input }) => {
      const product = await createProduct(user, input);
      return pageSuccess<CatalogIntent, CatalogReplyData>("create", { data: { id: product.id } });
    },
  }),
  update: intent({
    gate: requireUser,
    input: { form: productFormSchema },
    run: async ({ user, form, input }) => {
      const product = await updateProduct(user, productId(form), input);
      return pageSuccess<CatalogIntent, CatalogReplyData>("update", { data: { id: product.id } });
    },
  }),
  delete: intent({
    gate: requireUser,
    run: async ({ user, form }) =>
      pageSuccess<CatalogIntent, CatalogReplyData>("delete", { data: await deleteProduct(user, productId(form)) }),
  }),
});

export default function ProductCatalog() {
  const data = useLoaderData<typeof loader>();
  return <ProductCatalogPage {...data} />;
}

/** 'Failed to load products. Please try again.' with a Try Again. */
export const ErrorBoundary = loadErrorBoundary("ProductCatalogPage", "catalog.loadError");
