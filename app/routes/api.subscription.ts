import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi } from "~/server/http/api.server";
import { getPlan } from "~/modules/payments/subscriptions.server";

// GET /api/subscription: the user's plan (premium, trial or free), trial end and subscription.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, data: await getPlan(user.id) }, { headers: { "Cache-Control": "private, no-store" } });
  });
}
