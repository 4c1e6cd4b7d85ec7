import { requireUser } from "~/modules/auth/gates.server";
import { pricesOfProduct } from "~/modules/prices/prices.server";
import { pricesQuerySchema } from "~/modules/prices/schemas";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/prices?product_id=&town=&weeks=: what a catalogue product costs, town by town (each
// town's newest weekly median, range, how many prices and trades, the change against four weeks
// before) and, for a town, its weeks as a series. Free, for anyone signed in.
const route = apiRoute({
  GET: async ({ request }) => {
    await requireUser(request);
    const query = validate(pricesQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const data = await pricesOfProduct(query.product_id, { town: query.town, weeks: query.weeks });
    return Response.json({ success: true, data });
  },
});

export const loader = route.loader;
export const action = route.action;
