import { requireUser } from "~/modules/auth/gates.server";
import { getCart } from "~/modules/cart/cart.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/cart: the signed-in user's cart, grouped by seller, with subtotals in naira and what
// left it (or came down) since they last looked.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const cart = await getCart(user.id);
    return Response.json({ success: true, data: cart }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
