import { perUser, requireUser } from "~/modules/auth/gates.server";
import { ORDER_ACTIONS, ORDER_MOVE_LIMIT, type OrderAction } from "~/modules/orders/constants";
import { moveOrder } from "~/modules/orders/moves.server";
import { readMove } from "~/modules/orders/schemas";
import { readOptionalJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";

// POST /api/orders/{id}/{accept|decline|cancel|deliver|confirm|dispute}: one party's move (moves.ts
// says whose, when). accept { items?: [{ id, quantity?, priceNgn? }] } (the seller's changes),
// decline { reason }, dispute { reason, note }; cancel, deliver and confirm take no body (readMove,
// the order page's too, checks each).
const isAction = (value: string): value is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(value);

const route = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(ORDER_MOVE_LIMIT) });
    const action = params.action ?? "";
    if (!isAction(action)) throw new Refusal("DB_RECORD_NOT_FOUND", "apiErrors.noSuchAddress");
    const move = readMove(action, await readOptionalJsonBody(request));
    const order = await moveOrder(params.id ?? "", user.id, move);
    return Response.json({ success: true, data: { order } });
  },
});

export const loader = route.loader;
export const action = route.action;
