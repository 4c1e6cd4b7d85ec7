import { perUser, requireUser } from "~/modules/auth/gates.server";
import { SAVED_WRITE_LIMIT } from "~/modules/saved/constants";
import { isListingSaved, saveListing, unsaveListing } from "~/modules/saved/saved.server";
import { apiRoute } from "~/server/http/api-route.server";

// One saved listing of the signed-in user's: GET { saved }, PUT saves it (a listing they can see
// on the marketplace, else 404; again changes nothing; past the cap 403
// AUTHZ_FEATURE_LIMIT_REACHED), DELETE removes it (again changes nothing).
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const saved = await isListingSaved(user.id, params.id ?? "");
    return Response.json({ success: true, data: { saved } }, { headers: noStore });
  },
  PUT: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(SAVED_WRITE_LIMIT) });
    await saveListing(user.id, params.id ?? "");
    return Response.json({ success: true, data: { saved: true }, message: "Listing saved" }, { headers: noStore });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireUser(request, { limits: perUser(SAVED_WRITE_LIMIT) });
    await unsaveListing(user.id, params.id ?? "");
    return Response.json({ success: true, data: { saved: false }, message: "Listing removed" }, { headers: noStore });
  },
});

export const loader = route.loader;
export const action = route.action;
