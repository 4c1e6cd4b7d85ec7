import { publicOrigin } from "~/env.server";
import { requireUser } from "~/modules/auth/gates.server";
import { createCheckout } from "~/modules/payments/checkout.server";
import { PAYMENT_CALLS } from "~/modules/payments/limits.server";
import { checkoutRequestSchema } from "~/modules/payments/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/subscription/checkout: { checkoutUrl } to send the browser to, optionally with
// { returnTo } (the page the upgrade started from, where the browser comes back after paying) and
// { method } (card, renewing monthly; or transfer: 30 days by bank transfer or USSD, with Paystack).
// The sandbox's checkout is a path of this site; Stripe's links back come from PUBLIC_URL.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request, PAYMENT_CALLS);
    // The specification's client posts no body: then there is nothing to read.
    const body = request.headers.get("Content-Type") ? await readJsonBody(request) : {};
    const { returnTo, method } = validate(checkoutRequestSchema, body);
    const { checkoutUrl } = await createCheckout(user.id, { origin: publicOrigin(), returnTo, method });
    return Response.json({ success: true, checkoutUrl, data: { checkoutUrl } });
  },
});

export const loader = route.loader;
export const action = route.action;
