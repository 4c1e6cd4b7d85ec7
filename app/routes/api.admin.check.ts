import { requireApiUser } from "~/modules/auth/session.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/admin/check: { data: { hasAccess } } for the signed-in user.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    return Response.json(
      { success: true, data: { hasAccess: user.role === "ADMIN" } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
