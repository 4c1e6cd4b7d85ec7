import { requireUser } from "~/modules/auth/gates.server";
import { PAYMENT_CALLS } from "~/modules/payments/limits.server";
import { cardUpdateLink } from "~/modules/payments/plan.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/subscription/card: { url } of the provider's page where the subscriber changes the card
// their Premium renews on (Paystack's manage link, valid for a short while, so asked for each time).
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request, PAYMENT_CALLS);
    const { url } = await cardUpdateLink(user.id);
    return Response.json({ success: true, data: { url } }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
