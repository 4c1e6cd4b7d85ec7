import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readCatalogFilters } from "~/components/products/catalog-filters";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { ProductCatalogPage } from "~/components/products/product-catalog-page";
import { PRODUCTS_PAGE_SIZE } from "~/modules/products/constants";
import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { answerIntent, invalidSubmission, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { createProduct, deleteProduct, listProducts, updateProduct } from "~/modules/products/products.server";
import {
  isCatalogIntent,
  productFormSchema,
  productQuerySchema,
  type CatalogIntent,
  type CatalogReplyData,
} from "~/modules/products/schemas";
import { recordId } from "~/lib/text";
import { validateLeniently, validateValue } from "~/server/validation";
import { readPageForm } from "~/server/http/page-form.server";

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

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readPageForm(request);
  const intent = form.get("intent");
  if (!isCatalogIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  // Only an administrator changes the catalogue: every write below refuses anyone else (403, 'catalog.denied').
  // The product a delete or an update is about: a record id, or the form's error.
  const productId = () => validateValue(recordId("catalog.errors.notFound"), form.get("id"));

  if (intent === "delete") {
    return answerIntent(request, intent, async () =>
      pageSuccess<CatalogIntent, CatalogReplyData>(intent, { data: await deleteProduct(user, productId()) }),
    );
  }

  const submission = parseWithZod(form, { schema: productFormSchema });
  if (submission.status !== "success") return invalidSubmission(intent, submission);
  return answerIntent(
    request,
    intent,
    async () => {
      const product =
        intent === "update"
          ? await updateProduct(user, productId(), submission.value)
          : await createProduct(user, submission.value);
      return pageSuccess<CatalogIntent, CatalogReplyData>(intent, { data: { id: product.id } });
    },
    { submission },
  );
}

export default function ProductCatalog() {
  const data = useLoaderData<typeof loader>();
  return <ProductCatalogPage {...data} />;
}

/** 'Failed to load products. Please try again.' with a Try Again. */
export const ErrorBoundary = loadErrorBoundary("ProductCatalogPage", "catalog.loadError");
