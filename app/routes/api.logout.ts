import { destroyUserSession } from "~/modules/auth/session.server";
import { apiRoute } from "~/server/http/api-route.server";

// POST /api/logout: ends the session (signed out or not, the answer is the same).
const route = apiRoute({
  // Public: signing out answers the same whether a session was there or not.
  POST: async ({ request }) => {
    const cookie = await destroyUserSession(request);
    return Response.json({ success: true }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
