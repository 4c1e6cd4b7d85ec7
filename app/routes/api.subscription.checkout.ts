import { getEnv } from "~/env.server";
import { requireApiUser } from "~/modules/auth/session.server";
import { createCheckout } from "~/modules/payments/subscriptions.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/subscription/checkout: { checkoutUrl } to send the browser to.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const origin = getEnv().PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
    const { checkoutUrl } = await createCheckout(user.id, origin);
    return Response.json({ success: true, checkoutUrl, data: { checkoutUrl } });
  },
});

export const loader = route.loader;
export const action = route.action;
