import { requireUser } from "~/modules/auth/gates.server";
import { listNotifications } from "~/modules/notifications/notifications.server";
import { z } from "~/lib/zod";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/notifications?page=: the signed-in user's notifications, newest first, and how many are unread.
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1) });

const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    const { page } = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const data = await listNotifications(user.id, page);
    return Response.json({ success: true, data });
  },
});

export const loader = route.loader;
export const action = route.action;
