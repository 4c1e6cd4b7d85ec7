import { publicOrigin } from "~/env.server";
import { requireUser } from "~/modules/auth/gates.server";
import { createCheckout } from "~/modules/payments/checkout.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/subscription/checkout: { checkoutUrl } to send the browser to.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request);
    const { checkoutUrl } = await createCheckout(user.id, publicOrigin());
    return Response.json({ success: true, checkoutUrl, data: { checkoutUrl } });
  },
});

export const loader = route.loader;
export const action = route.action;
