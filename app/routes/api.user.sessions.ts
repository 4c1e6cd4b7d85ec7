import { listSignedInDevices } from "~/modules/auth/devices.server";
import { requireUser } from "~/modules/auth/gates.server";
import { readSessionId } from "~/modules/auth/session.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/user/sessions: the devices the account is signed in on, this one first:
// { success, data: { sessions: [{ id, browser, platform, signedInAt, lastSeenAt, current }] } }.
// `id` is the session's public id (DELETE /api/user/sessions/{id}); the session id itself,
// which the cookie carries, is never shown.
const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const sessions = await listSignedInDevices(user.id, await readSessionId(request));
    return Response.json({ success: true, data: { sessions } }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
