import { perUser, requireUser } from "~/modules/auth/gates.server";
import { ORDER_ACTIONS, ORDER_MOVE_LIMIT, type OrderAction } from "~/modules/orders/constants";
import { moveOrder } from "~/modules/orders/moves.server";
import type { MoveInput } from "~/modules/orders/types";
import { acceptSchema, declineSchema, disputeSchema, emptyMoveSchema, orderIssueCode } from "~/modules/orders/schemas";
import { readOptionalJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";

// POST /api/orders/{id}/{accept|decline|cancel|deliver|confirm|dispute}: one party's move (moves.ts
// says whose, when). accept { items?: [{ id, quantity?, priceNgn? }] } (the seller's changes),
// decline { reason }, dispute { reason, note }; cancel, deliver and confirm take no body.
const isAction = (value: string): value is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(value);

function readMove(action: OrderAction, body: unknown): MoveInput {
  const options = { coder: orderIssueCode };
  switch (action) {
    case "accept":
      return { action, input: validate(acceptSchema, body, options) };
    case "decline":
      return { action, input: validate(declineSchema, body, options) };
    case "dispute":
      return { action, input: validate(disputeSchema, body, options) };
    default:
      return { action, input: validate(emptyMoveSchema, body, options) as Record<string, never> };
  }
}

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
