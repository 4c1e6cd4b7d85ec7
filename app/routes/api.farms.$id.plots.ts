import { requireApiUser } from "~/modules/auth/session.server";
import { createPlot, listPlots } from "~/modules/farms/farms.server";
import { plotCreateSchema, plotIssueCode } from "~/modules/farms/schemas";
import { readFarmBody, requireFarmWriter } from "~/modules/farms/writer.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// GET /api/farms/{id}/plots: { plots } of the user's own farm, oldest first.
// POST /api/farms/{id}/plots: from the dialog { name, type, crops }, or drawn
// { name, type, geometry, crops } (a sent centroid and farmId are not read) → 201 { plot }.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return Response.json({ success: true, plots: await listPlots(params.id ?? "", user.id) });
  },
  POST: async ({ request, params }) => {
    const user = await requireFarmWriter(request);
    const input = validate(plotCreateSchema, await readFarmBody(request), { coder: plotIssueCode });
    const plot = await createPlot(params.id ?? "", user.id, input);
    return Response.json({ success: true, plot, message: "Plot created" }, { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
