import { perUser, requireUser } from "~/modules/auth/gates.server";
import { NOTIFICATION_READ_LIMIT, markReadSchema } from "~/modules/notifications/schemas";
import { markRead } from "~/modules/notifications/notifications.server";
import { readOptionalJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/notifications/read { ids?: [...] }: marks those notifications read, or all of them
// when no ids are sent; answers how many are left unread.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(NOTIFICATION_READ_LIMIT) });
    const { ids } = validate(markReadSchema, await readOptionalJsonBody(request));
    const unread = await markRead(user.id, ids ?? "all");
    return Response.json({ success: true, data: { unread } });
  },
});

export const loader = route.loader;
export const action = route.action;
