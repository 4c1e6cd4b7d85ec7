import { perUser, requireUser } from "~/modules/auth/gates.server";
import { ORDER_CREATE_LIMIT } from "~/modules/orders/constants";
import { listOrders } from "~/modules/orders/reading.server";
import { createOrder } from "~/modules/orders/requesting.server";
import { createOrderSchema, orderIssueCode, orderListQuery } from "~/modules/orders/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/orders?role=buyer|seller&status=&page=: the signed-in user's orders as buyer or seller.
// POST /api/orders { sellerId, fulfilment, preferredDate?, message?, town?, deliveryNote? }: an order
// request from the cart's items of that seller (201).
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const query = validate(orderListQuery, Object.fromEntries(new URL(request.url).searchParams));
    const data = await listOrders(user.id, query);
    return Response.json({ success: true, data });
  },
  POST: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(ORDER_CREATE_LIMIT) });
    const input = validate(createOrderSchema, await readJsonBody(request), { coder: orderIssueCode });
    const order = await createOrder(user.id, input);
    return Response.json({ success: true, data: { order }, message: "Order request sent" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
