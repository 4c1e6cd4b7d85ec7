import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadErrorBoundary } from "~/components/errors/page-error-boundary";
import { NotificationsList } from "~/components/notifications/notifications-list";
import { z } from "~/lib/zod";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { listNotifications, markRead } from "~/modules/notifications/notifications.server";
import { NOTIFICATION_READ_LIMIT } from "~/modules/notifications/schemas";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";

// Notifications (/notifications?page=): what happened for the user, newest first, each linking to
// the order it tells of; 'Mark all as read' clears the sidebar's badge.

export const meta: MetaFunction = () => [{ title: "Notifications · Asiiko" }];

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { page } = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const answer = await listNotifications(user.id, page);
  return { ...answer, page, locale: detectLanguage(request) };
}

export const action = pageActions({
  "read-all": intent({
    gate: (request) => requireUser(request, { limits: perUser(NOTIFICATION_READ_LIMIT) }),
    run: async ({ user }) => {
      await markRead(user.id, "all");
      return pageSuccess("read-all");
    },
  }),
});

export default function NotificationsPage() {
  const data = useLoaderData<typeof loader>();
  return <NotificationsList {...data} />;
}

export const ErrorBoundary = loadErrorBoundary("NotificationsPage", "notifications.loadError");
