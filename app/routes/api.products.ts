import { requireAdmin, requireUser } from "~/modules/auth/gates.server";
import { createProduct, listProducts } from "~/modules/products/products.server";
import { productCoder, productQuerySchema, productSchema } from "~/modules/products/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";
import { revalidatedJson } from "~/server/http/revalidate.server";

const route = apiRoute({
  // GET /api/products: the catalogue, for everyone signed in.
  GET: async ({ request }) => {
    await requireUser(request);
    const query = validate(productQuerySchema, Object.fromEntries(new URL(request.url).searchParams), {
      coder: productCoder,
    });
    const data = await listProducts(query);
    return revalidatedJson(request, { success: true, data });
  },
  // POST /api/products: administrators only.
  POST: async ({ request }) => {
    const admin = await requireAdmin(request);
    const input = validate(productSchema, await readJsonBody(request), { coder: productCoder });
    const product = await createProduct(admin, input);
    return Response.json({ success: true, data: { product }, message: "Product created" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
