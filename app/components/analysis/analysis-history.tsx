import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { AnalysisView } from "~/modules/analysis/view";
import { contextName, TYPE_LABELS } from "./labels";
import { AnalysisPhoto, NotAssessedBadge, SeverityBadge } from "./result-card";

// 'Your analyses': the farmer's own past diagnoses, newest first, shown even
// when premium is locked. Choosing one shows it in the results card.

function StatusBadge({ view }: { view: AnalysisView }) {
  const { t } = useTranslation();
  if (view.status === "completed" && !view.assessable) return <NotAssessedBadge />;
  if (view.status === "completed" && view.severity) return <SeverityBadge severity={view.severity} />;
  if (view.status === "failed") {
    return (
      <span className="inline-flex items-center whitespace-nowrap rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-bold text-red-700 ring-1 ring-inset ring-red-600/20 dark:bg-gray-800 dark:text-red-300 dark:ring-red-400/30">
        {t("asiiko.history.failed")}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-bold text-sky-800 ring-1 ring-inset ring-sky-600/20 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-400/30">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current motion-safe:animate-pulse" />
      {t("asiiko.history.inProgress")}
    </span>
  );
}

export function AnalysisHistory({
  analyses,
  selectedId,
  onSelect,
  locale,
  hasMore,
  loadingMore,
  loadError,
  onRetry,
  onLoadMore,
}: {
  analyses: AnalysisView[];
  selectedId: string | null;
  onSelect: (view: AnalysisView) => void;
  locale: LanguageCode;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the history (or its next page) could not be loaded. */
  loadError: string | null;
  /** Loads the history again, when it could not be loaded at all. */
  onRetry?: () => void;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-history="">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Icon name="list" className="h-5 w-5 text-brand-600 dark:text-brand-400" />
        {t("asiiko.history.title")}
      </h2>
      {analyses.length === 0 && !loadError ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-8 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Icon name="image" className="h-6 w-6" />
          </span>
          <p className="font-semibold">{t("asiiko.history.emptyTitle")}</p>
          <p className="max-w-sm text-sm text-gray-600 dark:text-gray-400">{t("asiiko.history.emptyText")}</p>
        </Card>
      ) : null}
      {analyses.length > 0 ? (
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {analyses.map((view) => {
            const name = contextName(view);
            const selected = view.id === selectedId;
            return (
              <li key={view.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onSelect(view)}
                  aria-current={selected ? "true" : undefined}
                  data-analysis={view.id}
                  data-status={view.status}
                  className={cn(
                    "flex w-full min-w-0 items-center gap-3 rounded-xl border p-2 pr-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
                    selected
                      ? "border-brand-600 bg-brand-50 dark:border-brand-500 dark:bg-brand-950"
                      : "border-gray-200 bg-white hover:border-brand-400 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-brand-600",
                  )}
                >
                  {/* The photo is prepared by the analysis itself: asked for once it has finished. */}
                  <AnalysisPhoto
                    key={view.status}
                    src={view.thumbnailUrl}
                    alt=""
                    lazy
                    className="h-14 w-14 flex-none rounded-lg"
                  />
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 truncate font-semibold">{t(TYPE_LABELS[view.analysisType])}</span>
                      <StatusBadge view={view} />
                    </span>
                    <span className="truncate text-sm text-gray-600 dark:text-gray-400">
                      {name ? `${name} · ` : ""}
                      <time dateTime={view.createdAt}>{formatDate(view.createdAt, locale, "medium-time")}</time>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {loadError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>{loadError}</p>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t("asiiko.history.tryAgain")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loadingMore} className="self-center">
          {loadingMore ? t("asiiko.history.loading") : t("asiiko.history.loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
