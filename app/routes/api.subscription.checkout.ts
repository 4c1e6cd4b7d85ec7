import { publicOrigin } from "~/env.server";
import { requireApiUser } from "~/modules/auth/session.server";
import { createCheckout } from "~/modules/payments/checkout.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/subscription/checkout: { checkoutUrl } to send the browser to.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { checkoutUrl } = await createCheckout(user.id, publicOrigin());
    return Response.json({ success: true, checkoutUrl, data: { checkoutUrl } });
  },
});

export const loader = route.loader;
export const action = route.action;
