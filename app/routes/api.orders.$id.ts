import { requireUser } from "~/modules/auth/gates.server";
import { getOrder } from "~/modules/orders/reading.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/orders/{id}: one order, for its buyer or its seller (404 for anyone else).
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const order = await getOrder(params.id ?? "", user.id);
    return Response.json({ success: true, data: { order } });
  },
});

export const loader = route.loader;
export const action = route.action;
