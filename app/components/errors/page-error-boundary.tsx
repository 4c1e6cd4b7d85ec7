import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { NotFound } from "~/components/shell/not-found";
import { RouteErrorCard } from "./error-boundaries";

/** The page-level boundary every page route exports as its ErrorBoundary. */
export function pageErrorBoundary(boundary: string) {
  return function PageErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
    return <RouteErrorCard error={error} boundary={boundary} level="page" />;
  };
}
