import { signOutDevice } from "~/modules/auth/devices.server";
import { requireUser } from "~/modules/auth/gates.server";
import { clearedSessionCookie, readSessionId } from "~/modules/auth/session.server";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";

// DELETE /api/user/sessions/{id}: signs one of the account's devices out (its session ends and
// the account forgets its browser). Someone else's session and an id that names none answer the
// same 404. The session this request came with may be named too: it ends, and its cookie is cleared.
const route = apiRoute({
  DELETE: async ({ request, params }) => {
    const user = await requireUser(request);
    const ended = await signOutDevice(user.id, params.id ?? "");
    if (!ended) throw new Refusal("DB_RECORD_NOT_FOUND", "pages.devices.notFound");
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (ended === (await readSessionId(request))) headers.set("Set-Cookie", await clearedSessionCookie(request));
    return Response.json({ success: true, data: { id: params.id?.toLowerCase() } }, { headers });
  },
});

export const loader = route.loader;
export const action = route.action;
