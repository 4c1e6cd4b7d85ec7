import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/server/http/api.server";
import { validate } from "~/server/validation";
import { deleteListing, setListingStatus, updateListing } from "~/modules/listings/listings.server";
import { listingIssueCode, listingSchema, listingStatusSchema } from "~/modules/listings/schemas";

const coder = (issue: { path: PropertyKey[] }) => listingIssueCode(String(issue.path[0] ?? ""));

// PATCH /api/market/listings/{id}: the whole form, or { status } alone.
// DELETE /api/market/listings/{id}: permanent. Both for the seller only.
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    if (request.method === "DELETE") {
      await deleteListing(id, user.id);
      return Response.json({ success: true, data: { id }, message: "Listing deleted" });
    }
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
    const body = await readJsonBody(request);
    const statusOnly = typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).join() === "status";
    const listing = statusOnly
      ? await setListingStatus(id, user.id, validate(listingStatusSchema, body).status)
      : await updateListing(id, user.id, validate(listingSchema, body, { coder }));
    return Response.json({ success: true, data: { listing }, message: "Listing updated" });
  });
}

export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);
