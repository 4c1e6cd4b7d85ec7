import { requireApiUser } from "~/modules/auth/session.server";
import { searchIssueCode, searchParamsSchema } from "~/modules/search/schemas";
import { runSearch } from "~/modules/search/search.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

const coder = (issue: { path: PropertyKey[] }) => searchIssueCode(String(issue.path[0] ?? ""));

// GET /api/search?q&types&lat&lng&radius_km&limit: products, listings and farms in one answer,
// each kind up to `limit`; signed in only; a farm only for its owner.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const params = validate(searchParamsSchema, Object.fromEntries(new URL(request.url).searchParams), { coder });
    const data = await runSearch(params, user.id);
    return Response.json({ success: true, data }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
