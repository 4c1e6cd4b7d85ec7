import { listAnalyses } from "~/modules/analysis/views.server";
import { historyQuerySchema } from "~/modules/analysis/schemas";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// GET /api/ai/analyses?limit&before: the signed-in farmer's own analyses,
// newest first: { data: { analyses, nextCursor } } (nextCursor goes in `before`).
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const query = validate(historyQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const page = await listAnalyses(user.id, {
      limit: query.limit,
      before: query.before,
      language: detectLanguage(request),
    });
    return Response.json({ success: true, data: page });
  },
});

export const loader = route.loader;
export const action = route.action;
