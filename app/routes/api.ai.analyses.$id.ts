import { getAnalysis, toView } from "~/modules/analysis/views.server";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";

// GET /api/ai/analyses/{id}: one of the signed-in farmer's analyses, in any
// state: { data: { analysis } }. Anyone else's answers 404, as a missing one does.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const analysis = await getAnalysis(user.id, params.id ?? "");
    return Response.json({ success: true, data: { analysis: await toView(analysis, detectLanguage(request)) } });
  },
});

export const loader = route.loader;
export const action = route.action;
