import { Link, useRevalidator } from "@remix-run/react";
import { Component, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { usePublicEnv } from "~/lib/use-root-data";
import {
  describeError,
  MAX_RETRIES,
  newErrorId,
  reportError,
  retryDelayMs,
  supportMailto,
  type BoundaryLevel,
  type CaughtError,
} from "./report";

// Error boundaries at three levels: app and page show a card (error id, Try
// again while fewer than 3 retries are used, Go to Home at page level, Reload
// Page, a prefilled support e-mail); a component shows a compact alert. Every
// caught error is reported once to POST /api/errors/frontend.

function useCaughtError(error: unknown, boundary: string, level: BoundaryLevel, componentStack?: string) {
  const [caught] = useState<CaughtError>(() => ({
    errorId: newErrorId(),
    boundary,
    level,
    ...describeError(error),
    componentStack,
    timestamp: new Date().toISOString(),
    retryCount: 0,
  }));
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    void reportError(caught);
  }, [caught]);
  return caught;
}

interface ErrorCardProps {
  error: unknown;
  boundary: string;
  level: "app" | "page";
  /** Clears the error; the card counts and delays the attempts. */
  onRetry: () => void;
}

export function ErrorCard({ error, boundary, level, onRetry }: ErrorCardProps) {
  const { t } = useTranslation();
  const supportEmail = usePublicEnv().SUPPORT_EMAIL;
  const caught = useCaughtError(error, boundary, level);
  const [retries, setRetries] = useState(0);
  const [waiting, setWaiting] = useState(false);

  function retry() {
    const next = retries + 1;
    setRetries(next);
    const delay = retryDelayMs(next);
    if (delay === 0) {
      onRetry();
      return;
    }
    setWaiting(true);
    setTimeout(() => {
      setWaiting(false);
      onRetry();
    }, delay);
  }

  const url = typeof window === "undefined" ? "" : window.location.href;
  return (
    <div
      role="alert"
      className="mx-auto my-10 w-full max-w-lg rounded-2xl border border-red-200 bg-white p-6 shadow-sm dark:border-red-900 dark:bg-gray-900"
    >
      <div className="flex items-start gap-3">
        <span
          className="mt-0.5 inline-flex h-9 w-9 flex-none items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300"
          aria-hidden="true"
        >
          !
        </span>
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold">{t("errors.title")}</h1>
          <p className="text-gray-700 dark:text-gray-300">{t("errors.unexpected")}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {retries >= MAX_RETRIES ? t("errors.refresh") : t("errors.pleaseTryAgain")}
          </p>
        </div>
      </div>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
        <div className="flex gap-1">
          <dt>{t("errors.errorId")}:</dt>
          <dd className="font-mono text-gray-900 dark:text-gray-100">{caught.errorId}</dd>
        </div>
        {retries > 0 ? <div>{t("errors.attempts", { count: retries })}</div> : null}
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        {retries < MAX_RETRIES ? (
          <Button onClick={retry} disabled={waiting}>
            {waiting ? t("common.loading") : t("errors.tryAgain")}
          </Button>
        ) : null}
        {level === "page" ? (
          <Button variant="outline" asChild>
            <Link to="/" reloadDocument>
              {t("errors.goHome")}
            </Link>
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t("errors.reload")}
        </Button>
      </div>
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
        {t("errors.contactSupport")}:{" "}
        <a
          className="font-medium text-brand-700 underline dark:text-brand-300"
          href={supportMailto(
            supportEmail,
            { ...caught, retryCount: retries },
            t("errors.supportSubject", { errorId: caught.errorId }),
            url,
          )}
        >
          {t("errors.contactSupportButton")}
        </a>
      </p>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer text-gray-600 dark:text-gray-400">{t("errors.technicalDetails")}</summary>
        <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-gray-100 p-3 text-xs dark:bg-gray-800">
          {caught.message}
          {caught.stack ? `\n\n${caught.stack}` : ""}
        </pre>
      </details>
    </div>
  );
}

/** A route's ErrorBoundary body: retry re-runs the loaders of the page. */
export function RouteErrorCard({
  error,
  boundary,
  level,
}: {
  error: unknown;
  boundary: string;
  level: "app" | "page";
}) {
  const revalidator = useRevalidator();
  return <ErrorCard error={error} boundary={boundary} level={level} onRetry={() => revalidator.revalidate()} />;
}

function ComponentErrorAlert({
  error,
  name,
  componentStack,
  onRetry,
}: {
  error: unknown;
  name: string;
  componentStack?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const caught = useCaughtError(error, name, "component", componentStack);
  return (
    <div
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{t("errors.componentTitle")}</p>
      <p className="text-sm">{t("errors.componentText")}</p>
      <div className="mt-2 flex items-center gap-3">
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t("errors.tryAgain")}
        </Button>
        <span className="font-mono text-xs opacity-70">{caught.errorId}</span>
      </div>
    </div>
  );
}

interface ComponentBoundaryState {
  error: unknown;
  componentStack?: string;
  retries: number;
}

/** Wraps one section of a page so its failure leaves the rest usable. */
export class ComponentErrorBoundary extends Component<{ name: string; children: ReactNode }, ComponentBoundaryState> {
  override state: ComponentBoundaryState = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<ComponentBoundaryState> {
    return { error: error ?? new Error("Unknown error") };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? undefined });
  }

  private retry = () => {
    const retries = this.state.retries + 1;
    const delay = retryDelayMs(retries);
    setTimeout(() => this.setState({ error: null, componentStack: undefined, retries }), delay);
  };

  override render() {
    if (this.state.error) {
      return (
        <ComponentErrorAlert
          error={this.state.error}
          name={this.props.name}
          componentStack={this.state.componentStack}
          onRetry={this.state.retries < MAX_RETRIES ? this.retry : () => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
