import { requireUser } from "~/modules/auth/gates.server";
import { searchIssueCode, searchQuerySchema } from "~/modules/search/schemas";
import { countSearch } from "~/modules/search/rate-limits.server";
import { runSearch } from "~/modules/search/search.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";
import { revalidatedJson } from "~/server/http/revalidate.server";

const coder = (issue: { path: PropertyKey[] }) => searchIssueCode(String(issue.path[0] ?? ""));

const route = apiRoute({
  // GET /api/search?q&types&lat&lng&radius_km&limit: products, listings and farms the reader may see.
  GET: async ({ request, context }) => {
    const user = await requireUser(request);
    const query = validate(searchQuerySchema, Object.fromEntries(new URL(request.url).searchParams), { coder });
    await countSearch(user.id, context.clientIp);
    const data = await runSearch(query, user.id);
    return revalidatedJson(request, { success: true, data });
  },
});

export const loader = route.loader;
export const action = route.action;
