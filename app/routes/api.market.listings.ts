import { requireUser } from "~/modules/auth/gates.server";
import { listListings } from "~/modules/listings/browsing.server";
import { createListing } from "~/modules/listings/listings.server";
import { countSearch } from "~/modules/search/rate-limits.server";
import { listingIssueCode, listingQuerySchema, listingSchema } from "~/modules/listings/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { onceForKey } from "~/server/http/idempotency.server";
import { validate } from "~/server/validation";
import { revalidatedJson } from "~/server/http/revalidate.server";

const coder = (issue: { path: PropertyKey[] }) => listingIssueCode(String(issue.path[0] ?? ""));

const route = apiRoute({
  // GET /api/market/listings: filtered, sorted, paged listings with their product.
  GET: async ({ request, context }) => {
    const user = await requireUser(request);
    const query = validate(listingQuerySchema, Object.fromEntries(new URL(request.url).searchParams), { coder });
    // Words make it a search, counted as /api/search's are.
    if (query.search) await countSearch(user.id, context.clientIp);
    const data = await listListings(query, user.id);
    return revalidatedJson(request, { success: true, data });
  },
  // POST /api/market/listings: a new listing of the signed-in seller. With an Idempotency-Key
  // header (a draft written without signal, sent again when its first answer was lost), a repeat
  // of the same key answers the first's answer without a second listing.
  POST: async ({ request }) => {
    const user = await requireUser(request);
    const input = validate(listingSchema, await readJsonBody(request), { coder });
    return onceForKey(request, user.id, "listings", async () => {
      const listing = await createListing(input, user.id);
      return { status: 201, body: { success: true, data: { listing }, message: "Listing created" } };
    });
  },
});

export const loader = route.loader;
export const action = route.action;
