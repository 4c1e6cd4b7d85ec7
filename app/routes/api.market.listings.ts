import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/server/http/api.server";
import { validate } from "~/server/validation";
import { createListing, listListings } from "~/modules/listings/listings.server";
import { listingIssueCode, listingQuerySchema, listingSchema } from "~/modules/listings/schemas";

const coder = (issue: { path: PropertyKey[] }) => listingIssueCode(String(issue.path[0] ?? ""));

// GET /api/market/listings: filtered, sorted, paged listings with their product.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const query = validate(listingQuerySchema, Object.fromEntries(new URL(request.url).searchParams), { coder });
    const data = await listListings(query, user.id);
    return Response.json({ success: true, data }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

// POST /api/market/listings: a new listing of the signed-in seller.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const input = validate(listingSchema, await readJsonBody(request), { coder });
    const listing = await createListing(input, user.id);
    return Response.json({ success: true, data: { listing }, message: "Listing created" }, { status: 201 });
  });
}
