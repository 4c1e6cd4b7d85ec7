import { toPublicUser } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/user: the signed-in user, or 401 (the client treats it as signed out).
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json(toPublicUser(user), { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
