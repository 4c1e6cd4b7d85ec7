import { requireUser } from "~/modules/auth/gates.server";
import { listSavedListings } from "~/modules/saved/saved.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/saved-listings: the signed-in user's saved listings, newest first, each saying whether
// it is still available (sold, paused, hidden: unavailable, with nothing of it but the catalogue
// product's name unless buyers still see it).
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const saved = await listSavedListings(user.id);
    return Response.json({ success: true, data: { saved } }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
