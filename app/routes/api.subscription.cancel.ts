import { requireUser } from "~/modules/auth/gates.server";
import { cancelSubscription } from "~/modules/payments/plan.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/subscription/cancel: no renewal; Premium lasts to the end of the paid month.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, data: await cancelSubscription(user.id) });
  },
});

export const loader = route.loader;
export const action = route.action;
