import { requireUser } from "~/modules/auth/gates.server";
import { getPlan } from "~/modules/payments/plan.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/subscription: the user's plan (premium, trial or free), trial end and subscription.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json(
      { success: true, data: await getPlan(user.id) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
