import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ComingSoon } from "~/components/shell/coming-soon";

// Public: a 'coming soon' page with no data; the signed-in layout's loader (_app.tsx) sends visitors to sign in.

// The traditional medicine hub is a placeholder screen: a 'coming soon' text.
export default function MedicinePage() {
  return <ComingSoon titleKey="pages.medicineTitle" textKey="pages.medicineComingSoon" icon="leaf" />;
}

export const ErrorBoundary = pageErrorBoundary("MedicinePage");
