import { requireAdmin, requireUser } from "~/modules/auth/gates.server";
import { deleteProduct, getProduct, updateProduct } from "~/modules/products/products.server";
import { productCoder, productSchema } from "~/modules/products/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";
import { revalidatedJson } from "~/server/http/revalidate.server";

// GET /api/products/{id}; PATCH and DELETE for administrators. A product that
// listings link to is deactivated rather than deleted.
const route = apiRoute({
  GET: async ({ request, params }) => {
    await requireUser(request);
    const product = await getProduct(params.id ?? "");
    return revalidatedJson(request, { success: true, data: { product } });
  },
  PATCH: async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const input = validate(productSchema, await readJsonBody(request), { coder: productCoder });
    return Response.json({
      success: true,
      data: { product: await updateProduct(admin, params.id ?? "", input) },
      message: "Product updated",
    });
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const id = params.id ?? "";
    const outcome = await deleteProduct(admin, id);
    return Response.json({
      success: true,
      data: { id, ...outcome },
      message: outcome.deleted ? "Product deleted" : "Product deactivated: listings still link to it",
    });
  },
});

export const loader = route.loader;
export const action = route.action;
