import { requireUser } from "~/modules/auth/gates.server";
import { isAdministrator } from "~/modules/auth/roles";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/admin/check: { data: { hasAccess } } for the signed-in user.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json(
      { success: true, data: { hasAccess: isAdministrator(user) } },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
