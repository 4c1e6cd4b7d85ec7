import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin, requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/server/http/api.server";
import { validate } from "~/server/validation";
import { createProduct, listProducts } from "~/modules/products/products.server";
import { productCoder, productQuerySchema, productSchema } from "~/modules/products/schemas";

// GET /api/products: the catalogue, for everyone signed in.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    const query = validate(productQuerySchema, Object.fromEntries(new URL(request.url).searchParams), { coder: productCoder });
    const data = await listProducts(query);
    return Response.json({ success: true, data }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

// POST /api/products: administrators only.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(request, async () => {
    const admin = await requireApiAdmin(request);
    const input = validate(productSchema, await readJsonBody(request), { coder: productCoder });
    const product = await createProduct(input, admin.id);
    return Response.json({ success: true, data: { product }, message: "Product created" }, { status: 201 });
  });
}
