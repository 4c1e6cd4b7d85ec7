import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed } from "~/server/http/api.server";
import { cancelSubscription } from "~/modules/payments/subscriptions.server";

// POST /api/subscription/cancel: no renewal; Premium lasts to the end of the paid month.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, data: await cancelSubscription(user.id) });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
