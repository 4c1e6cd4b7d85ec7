import { deletePlot, updatePlot } from "~/modules/farms/farms.server";
import { plotIssueCode, plotUpdateSchema } from "~/modules/farms/schemas";
import { readFarmBody, requireFarmWriter } from "~/modules/farms/writer.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// PATCH /api/farms/{farmId}/plots/{id}: the plot object (name, type, crops,
// geometry; what is left out is kept, a geometry of null removes it) → { plot }.
// DELETE /api/farms/{farmId}/plots/{id}. Owner of the farm only.
const route = apiRoute({
  PATCH: async ({ request, params }) => {
    const user = await requireFarmWriter(request);
    const input = validate(plotUpdateSchema, await readFarmBody(request), { coder: plotIssueCode });
    const plot = await updatePlot(params.farmId ?? "", params.id ?? "", user.id, input);
    return Response.json({ success: true, plot, message: "Plot updated" });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireFarmWriter(request);
    const id = params.id ?? "";
    await deletePlot(params.farmId ?? "", id, user.id);
    return Response.json({ success: true, id, message: "Plot deleted" });
  },
});

export const loader = route.loader;
export const action = route.action;
