import { Component, createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

// Code a page loads when it is first needed (a form in a dialog, a map): when it cannot
// be fetched (the connection is gone and the service worker did not keep it), the place
// it was meant for says the network is needed, with a Try again, and the page around it
// stays as it was, instead of the whole page turning into 'Something went wrong'.

/** The code of an on-demand part could not be fetched. */
export class CodeUnavailable extends Error {
  constructor(cause: unknown) {
    super("The code of this part could not be fetched", { cause });
    this.name = "CodeUnavailable";
  }
}

class NeedsNetworkBoundary extends Component<
  { onRetry: () => void; children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Anything else than the code not arriving is the page's own error boundary's business.
    if (!(this.state.error instanceof CodeUnavailable)) throw this.state.error;
    return <NeedsNetwork onRetry={this.props.onRetry} />;
  }
}

/** Said in place of a part whose code this phone does not have while offline. */
export function NeedsNetwork({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-needs-network="" className="flex flex-col items-center gap-3 px-2 py-8 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
        <Icon name="alert" className="h-6 w-6" />
      </span>
      <p className="font-semibold">{t("offline.needsNetworkTitle")}</p>
      <p className="max-w-sm text-sm text-gray-600 dark:text-gray-400">{t("offline.needsNetworkText")}</p>
      <Button type="button" variant="outline" onClick={onRetry}>
        {t("errors.tryAgain")}
      </Button>
    </div>
  );
}

/** What a dialog shows while the code of its form arrives. */
export function LoadingPart() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-gray-600 dark:text-gray-400">
      <span
        className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden="true"
      />
      {t("common.loading")}
    </p>
  );
}

/**
 * A component whose code is fetched when it first renders. While it loads, `fallback`
 * shows; if the fetch fails, an in-place 'needs the network' message with Try again
 * (which fetches again: React keeps a failed lazy load, so a new one is made).
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let failed = false;
  // A lazy component takes the props of what it loads (React's types cannot say so for a generic one).
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failed = true;
        throw new CodeUnavailable(error);
      }
    }) as unknown as ComponentType<Props>;
  let loaded = make();
  /** The load to use: the last one, unless it failed (then a new one). */
  const current = () => {
    if (failed) {
      failed = false;
      loaded = make();
    }
    return loaded;
  };

  return function OnDemand({ fallback, ...props }: Props & { fallback: ReactNode }) {
    const [attempt, setAttempt] = useState(0);
    const [Loaded, setLoaded] = useState(current);
    const retry = () => {
      setLoaded(current);
      setAttempt((value) => value + 1);
    };
    return (
      <NeedsNetworkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={fallback}>{createElement(Loaded, props as Props)}</Suspense>
      </NeedsNetworkBoundary>
    );
  };
}
