import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { createFarm, listFarms, FARM_WRITES } from "~/modules/farms/farms.server";
import { farmCreateSchema, farmIssueCode } from "~/modules/farms/schemas";
import { MAPPING_JSON_BYTES } from "~/modules/farms/constants";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/farms: { farms } — the signed-in user's own farms, oldest first.
// POST /api/farms: { name, description?, crops?, centerLat?, centerLng?, boundary? }
// → 201 { farm }. Reading needs only a session (a farmer keeps their maps after
// the trial); every write needs farm-mapping access.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, farms: await listFarms(user.id) });
  },
  POST: async ({ request }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const input = validate(farmCreateSchema, await readJsonBody(request, MAPPING_JSON_BYTES), { coder: farmIssueCode });
    const farm = await createFarm(grant, input);
    return Response.json({ success: true, farm, message: "Farm created" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
