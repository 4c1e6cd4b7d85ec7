import { requireFeature } from "~/modules/auth/gates.server";
import { deletePlot, updatePlot, FARM_WRITES } from "~/modules/farms/farms.server";
import { plotIssueCode, plotUpdateSchema } from "~/modules/farms/schemas";
import { MAPPING_JSON_BYTES } from "~/modules/farms/constants";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// PATCH /api/farms/{farmId}/plots/{id}: the plot object (name, type, crops,
// geometry; what is left out is kept, a geometry of null removes it) → { plot }.
// DELETE /api/farms/{farmId}/plots/{id}. Owner of the farm only.
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const input = validate(plotUpdateSchema, await readJsonBody(request, MAPPING_JSON_BYTES), { coder: plotIssueCode });
    const plot = await updatePlot(params.farmId ?? "", params.id ?? "", grant, input);
    return Response.json({ success: true, plot, message: "Plot updated" });
  },
  DELETE: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const id = params.id ?? "";
    await deletePlot(params.farmId ?? "", id, grant);
    return Response.json({ success: true, id, message: "Plot deleted" });
  },
});

export const loader = route.loader;
export const action = route.action;
