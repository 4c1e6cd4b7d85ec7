import { requireUser } from "~/modules/auth/gates.server";
import { sellerPage, sellerPageQuery } from "~/modules/sellers/sellers.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/sellers/{id}?page=N: a seller's public page, signed in only as the marketplace is: their
// public name, town, month joined, whether their phone is verified, how many listings they sold,
// and one page of their listings on sale as the marketplace's cards. Nothing private. A suspended
// seller or an unknown id: 404 MKT_SELLER_UNAVAILABLE.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const { page } = sellerPageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const answer = await sellerPage(params.id ?? "", user.id, page);
    return Response.json({ success: true, data: answer }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
