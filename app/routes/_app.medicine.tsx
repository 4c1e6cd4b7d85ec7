import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ComingSoon } from "~/components/shell/coming-soon";

// The traditional medicine hub is a placeholder screen: a 'coming soon' text.
export default function MedicinePage() {
  return <ComingSoon titleKey="pages.medicineTitle" textKey="pages.medicineComingSoon" icon="leaf" />;
}

export const ErrorBoundary = pageErrorBoundary("MedicinePage");
