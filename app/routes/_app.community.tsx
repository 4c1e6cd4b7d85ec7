import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ComingSoon } from "~/components/shell/coming-soon";

export default function CommunityPage() {
  return <ComingSoon titleKey="pages.communityTitle" textKey="pages.communityText" icon="users" />;
}

export const ErrorBoundary = pageErrorBoundary("CommunityPage");
