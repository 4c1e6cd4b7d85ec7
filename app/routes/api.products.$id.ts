import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin, requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/server/http/api.server";
import { validate } from "~/server/validation";
import { deleteProduct, getProduct, updateProduct } from "~/modules/products/products.server";
import { productCoder, productSchema } from "~/modules/products/schemas";

// GET /api/products/{id}; PATCH and DELETE for administrators. A product that
// listings link to is deactivated rather than deleted.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json({ success: true, data: { product: await getProduct(params.id ?? "") } });
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  return handleApi(request, async () => {
    await requireApiAdmin(request);
    if (request.method === "DELETE") {
      const outcome = await deleteProduct(id);
      return Response.json({
        success: true,
        data: { id, ...outcome },
        message: outcome.deleted ? "Product deleted" : "Product deactivated: listings still link to it",
      });
    }
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
    const input = validate(productSchema, await readJsonBody(request), { coder: productCoder });
    return Response.json({ success: true, data: { product: await updateProduct(id, input) }, message: "Product updated" });
  });
}
