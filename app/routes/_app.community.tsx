import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ComingSoon } from "~/components/shell/coming-soon";

// Public: a 'coming soon' page with no data; the signed-in layout's loader (_app.tsx) sends visitors to sign in.

export default function CommunityPage() {
  return <ComingSoon titleKey="pages.communityTitle" textKey="pages.communityText" icon="users" />;
}

export const ErrorBoundary = pageErrorBoundary("CommunityPage");
