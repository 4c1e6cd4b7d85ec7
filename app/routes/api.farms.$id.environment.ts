import { requireUser } from "~/modules/auth/gates.server";
import { farmEnvironment } from "~/modules/environment/environment.server";
import { getFarm } from "~/modules/farms/farms.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/farms/{id}/environment: the owner's farm's weather (now, 7 days, hints for the farm's
// work) and the soil at its centre, each { status: off | pending | unavailable | ready, ... }.
// Answers from the cache at once; what is missing or old is asked of the providers by the
// farm-environment queue, and a later call has it (the mapping page asks again while pending).
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const farm = await getFarm(params.id ?? "", user.id);
    const environment = await farmEnvironment({ id: farm.id, centerLat: farm.centerLat, centerLng: farm.centerLng });
    return Response.json({ success: true, ...environment }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
