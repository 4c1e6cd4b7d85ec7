import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/session.server";
import { handleApi } from "~/server/http/api.server";

// GET /api/admin/check: { data: { hasAccess } } for the signed-in user.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, data: { hasAccess: user.role === "ADMIN" } }, { headers: { "Cache-Control": "private, no-store" } });
  });
}
