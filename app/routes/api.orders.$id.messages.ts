import { perUser, requireUser } from "~/modules/auth/gates.server";
import { ORDER_MESSAGE_DAILY_LIMIT, ORDER_MESSAGE_LIMIT } from "~/modules/orders/constants";
import { listMessages, postMessage } from "~/modules/orders/messages.server";
import { messageSchema } from "~/modules/orders/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/orders/{id}/messages: the order's thread; POST { body }: a message to the other party
// (a few a minute). Only the order's two parties (404 for anyone else).
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const messages = await listMessages(params.id ?? "", user.id);
    return Response.json({ success: true, data: { messages } });
  },
  POST: async ({ request, params }) => {
    const user = await requireUser(request, {
      limits: (who) => [...perUser(ORDER_MESSAGE_LIMIT)(who), ...perUser(ORDER_MESSAGE_DAILY_LIMIT)(who)],
    });
    const { body } = validate(messageSchema, await readJsonBody(request));
    const message = await postMessage(params.id ?? "", user.id, body);
    return Response.json({ success: true, data: { message }, message: "Message sent" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
