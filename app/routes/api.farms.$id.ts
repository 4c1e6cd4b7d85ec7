import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { deleteFarm, getFarm, updateFarm, FARM_WRITES } from "~/modules/farms/farms.server";
import { farmIssueCode, farmUpdateSchema } from "~/modules/farms/schemas";
import { MAPPING_JSON_BYTES } from "~/modules/farms/constants";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/farms/{id}: { farm }. PATCH /api/farms/{id}: { boundary } and/or
// name, description, crops (a boundary of null removes it) → { farm }, with the
// centre, geohash and areaHectares measured from the boundary. DELETE: the farm
// and its plots. Owner only: 403 AUTHZ_FARM_ACCESS_DENIED for someone else's, 404 for none.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, farm: await getFarm(params.id ?? "", user.id) });
  },
  PATCH: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const input = validate(farmUpdateSchema, await readJsonBody(request, MAPPING_JSON_BYTES), { coder: farmIssueCode });
    const farm = await updateFarm(params.id ?? "", grant, input);
    return Response.json({ success: true, farm, message: "Farm updated" });
  },
  DELETE: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const id = params.id ?? "";
    await deleteFarm(id, grant);
    return Response.json({ success: true, id, message: "Farm deleted" });
  },
});

export const loader = route.loader;
export const action = route.action;
