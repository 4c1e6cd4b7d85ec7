import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ComingSoon } from "~/components/shell/coming-soon";

export default function NotificationsPage() {
  return <ComingSoon titleKey="pages.notificationsTitle" textKey="pages.notificationsText" icon="bell" />;
}

export const ErrorBoundary = pageErrorBoundary("NotificationsPage");
