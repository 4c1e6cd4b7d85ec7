import { requireUser } from "~/modules/auth/gates.server";
import { sellerReviews } from "~/modules/reviews/reviews.server";
import { reviewPageQuery } from "~/modules/reviews/schemas";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/sellers/{id}/reviews?page=: a seller's shown reviews, newest first, and their rating
// (average and count). 404 MKT_SELLER_UNAVAILABLE for an unknown or suspended seller.
const route = apiRoute({
  GET: async ({ request, params }) => {
    // Signed in only, as the marketplace and seller pages are.
    await requireUser(request);
    const { page } = reviewPageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const data = await sellerReviews(params.id ?? "", page);
    return Response.json({ success: true, data });
  },
});

export const loader = route.loader;
export const action = route.action;
