import { requireAdmin } from "~/modules/auth/gates.server";
import { liftSuspension } from "~/modules/moderation/moderation.server";
import { unsuspendSchema } from "~/modules/moderation/schemas";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/admin/users/{id}/unsuspend { note? }: lifts a seller's suspension (they can sign in
// again; the listings it hid come back). Administrators only. The body is optional.
const route = apiRoute({
  POST: async ({ request, params }) => {
    const admin = await requireAdmin(request);
    const body = request.headers.has("Content-Type") ? await readJsonBody(request) : {};
    const data = await liftSuspension(admin, params.id ?? "", validate(unsuspendSchema, body));
    return Response.json({ success: true, data, message: "Suspension lifted" });
  },
});

export const loader = route.loader;
export const action = route.action;
