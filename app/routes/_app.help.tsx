import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { HelpPage } from "~/components/help/help-page";

// Public: contact details only; the signed-in layout's loader (_app.tsx) sends visitors to sign in.

export default function Help() {
  return <HelpPage />;
}

export const ErrorBoundary = pageErrorBoundary("HelpPage");
