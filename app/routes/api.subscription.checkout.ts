import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed } from "~/server/http/api.server";
import { createCheckout } from "~/modules/payments/subscriptions.server";

// POST /api/subscription/checkout: { checkoutUrl } to send the browser to.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    const origin = getEnv().PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
    const { checkoutUrl } = await createCheckout(user.id, origin);
    return Response.json({ success: true, checkoutUrl, data: { checkoutUrl } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
