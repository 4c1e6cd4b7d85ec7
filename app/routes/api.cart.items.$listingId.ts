import { perUser, requireUser } from "~/modules/auth/gates.server";
import { removeCartItem, setCartItem } from "~/modules/cart/cart.server";
import { CART_WRITE_LIMIT } from "~/modules/cart/constants";
import { cartIssueCode, cartItemSchema } from "~/modules/cart/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// One listing in the signed-in user's cart: PUT { quantity } puts it there or changes how many
// (1 to what the listing can still give); DELETE takes it out (again changes nothing).
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(CART_WRITE_LIMIT) });
    const { quantity } = validate(cartItemSchema, await readJsonBody(request), { coder: cartIssueCode });
    const item = await setCartItem(user.id, params.listingId ?? "", quantity);
    return Response.json({ success: true, data: { item }, message: "Cart updated" }, { headers: noStore });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(CART_WRITE_LIMIT) });
    await removeCartItem(user.id, params.listingId ?? "");
    return Response.json(
      { success: true, data: { removed: true }, message: "Removed from cart" },
      { headers: noStore },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
