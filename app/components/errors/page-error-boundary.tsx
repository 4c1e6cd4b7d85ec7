import { isRouteErrorResponse, useRevalidator, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NotFound } from "~/components/shell/not-found";
import { Button } from "~/components/ui/button";
import { RouteErrorCard } from "./error-boundaries";
import { describeError, newErrorId, reportError } from "./report";

/** The page-level boundary every page route exports as its ErrorBoundary. */
export function pageErrorBoundary(boundary: string) {
  return function PageErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
    return <RouteErrorCard error={error} boundary={boundary} level="page" />;
  };
}

/**
 * A page whose list failed to load: that page's own load-failure message
 * and a Try Again that loads it again; the error is reported like any other.
 */
export function loadErrorBoundary(boundary: string, messageKey: string) {
  return function LoadErrorBoundary() {
    const error = useRouteError();
    const { t } = useTranslation();
    const revalidator = useRevalidator();
    const reported = useRef(false);
    // Too many searches is the reader's pace, not a fault: said, not reported.
    const limited = isRouteErrorResponse(error) && error.status === 429;
    useEffect(() => {
      if (reported.current || limited) return;
      reported.current = true;
      void reportError({
        errorId: newErrorId(),
        boundary,
        level: "page",
        ...describeError(error),
        timestamp: new Date().toISOString(),
        retryCount: 0,
      });
    }, [error, limited]);
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
    return (
      <div
        role="alert"
        className="mx-auto my-10 flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-red-200 bg-white p-8 text-center dark:border-red-900 dark:bg-gray-900"
      >
        <p>{t(limited ? "search.errors.rateLimited" : messageKey)}</p>
        <Button onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          {t("marketplace.tryAgain")}
        </Button>
      </div>
    );
  };
}
