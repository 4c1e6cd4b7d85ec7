import { requireApiUser } from "~/modules/auth/session.server";
import { deleteFarm, getFarm, updateFarm } from "~/modules/farms/farms.server";
import { farmIssueCode, farmUpdateSchema } from "~/modules/farms/schemas";
import { readFarmBody, requireFarmWriter } from "~/modules/farms/writer.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/farms/{id}: { farm }. PATCH /api/farms/{id}: { boundary } and/or
// name, description, crops (a boundary of null removes it) → { farm }, with the
// centre, geohash and areaHectares measured from the boundary. DELETE: the farm
// and its plots. Owner only: 403 AUTHZ_FARM_ACCESS_DENIED for someone else's, 404 for none.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, farm: await getFarm(params.id ?? "", user.id) });
  },
  PATCH: async ({ request, params }) => {
    const user = await requireFarmWriter(request);
    const input = validate(farmUpdateSchema, await readFarmBody(request), { coder: farmIssueCode });
    const farm = await updateFarm(params.id ?? "", user.id, input);
    return Response.json({ success: true, farm, message: "Farm updated" });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireFarmWriter(request);
    const id = params.id ?? "";
    await deleteFarm(id, user.id);
    return Response.json({ success: true, id, message: "Farm deleted" });
  },
});

export const loader = route.loader;
export const action = route.action;
