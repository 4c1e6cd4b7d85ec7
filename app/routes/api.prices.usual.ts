import { requireUser } from "~/modules/auth/gates.server";
import { usualPriceIssueCode, usualPriceQuerySchema } from "~/modules/prices/schemas";
import { usualPrice } from "~/modules/prices/usual.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/prices/usual?product_id=&locality=&lat=&lng= | ?listing_id=: the usual price (the middle
// half of the last 30 days' prices) of a product in the town of a place, or of a listing a buyer
// sees with where its price stands ('below', 'within', 'above'). Free, for anyone signed in.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const query = validate(usualPriceQuerySchema, Object.fromEntries(new URL(request.url).searchParams), {
      coder: usualPriceIssueCode,
    });
    const data = await usualPrice(user.id, query);
    return Response.json({ success: true, data }, { headers: { "Cache-Control": "private, max-age=300" } });
  },
});

export const loader = route.loader;
export const action = route.action;
