import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { createPlot, listPlots, FARM_WRITES } from "~/modules/farms/farms.server";
import { plotCreateSchema, plotIssueCode } from "~/modules/farms/schemas";
import { MAPPING_JSON_BYTES } from "~/modules/farms/constants";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { onceForKey } from "~/server/http/idempotency.server";
import { validate } from "~/server/validation";

// GET /api/farms/{id}/plots: { plots } of the user's own farm, oldest first.
// POST /api/farms/{id}/plots: from the dialog { name, type, crops }, or drawn
// { name, type, geometry, crops } (a sent centroid and farmId are not read) → 201 { plot }. With an
// Idempotency-Key header, a repeat of the same key answers the first's answer without a second plot.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, plots: await listPlots(params.id ?? "", user.id) });
  },
  POST: async ({ request, params }) => {
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    const input = validate(plotCreateSchema, await readJsonBody(request, MAPPING_JSON_BYTES), { coder: plotIssueCode });
    // A plot drawn without signal and sent again when its first answer was lost is made once.
    return onceForKey(request, grant.user.id, `plots:${params.id ?? ""}`, async () => {
      const plot = await createPlot(params.id ?? "", grant, input);
      return { status: 201, body: { success: true, plot, message: "Plot created" } };
    });
  },
});

export const loader = route.loader;
export const action = route.action;
