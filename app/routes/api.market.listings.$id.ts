import { requireUser } from "~/modules/auth/gates.server";
import { deleteListing, listingDetails, setListingStatus, updateListing } from "~/modules/listings/listings.server";
import { listingIssueCode, listingSchema, listingStatusSchema } from "~/modules/listings/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

const coder = (issue: { path: PropertyKey[] }) => listingIssueCode(String(issue.path[0] ?? ""));

// GET /api/market/listings/{id}: one listing and how to reach its seller
// (first name, town, and the phone only where the seller shows it), signed in only.
// PATCH /api/market/listings/{id}: the whole form, or { status } alone.
// DELETE /api/market/listings/{id}: permanent. Both for the seller only.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const listing = await listingDetails(params.id ?? "", user.id);
    return Response.json({ success: true, data: { listing } }, { headers: { "Cache-Control": "private, no-store" } });
  },
  PATCH: async ({ request, params }) => {
    const user = await requireUser(request);
    const id = params.id ?? "";
    const body = await readJsonBody(request);
    const statusOnly =
      typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).join() === "status";
    const listing = statusOnly
      ? await setListingStatus(id, user.id, validate(listingStatusSchema, body).status)
      : await updateListing(id, user.id, validate(listingSchema, body, { coder }));
    return Response.json({ success: true, data: { listing }, message: "Listing updated" });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireUser(request);
    const id = params.id ?? "";
    await deleteListing(id, user.id);
    return Response.json({ success: true, data: { id }, message: "Listing deleted" });
  },
});

export const loader = route.loader;
export const action = route.action;
