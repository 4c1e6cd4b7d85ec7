import { forwardRef, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { Severity } from "~/modules/analysis/kinds";
import type { AnalysisView } from "~/modules/analysis/view";
import {
  answererText,
  confidencePercent,
  contextName,
  SEVERITY_LABELS,
  SEVERITY_TONES,
  TYPE_LABELS,
  viewFailureText,
} from "./labels";

// The results card: severity ('X RISK'), confidence, diagnosis, treatment,
// recommendations, the photo, and who answered (with a word of caution when it
// was the built-in colour screening). A failed analysis chosen in the history
// shows why it failed instead.

export function SeverityBadge({ severity, className }: { severity: Severity; className?: string }) {
  const { t } = useTranslation();
  return (
    <span data-severity={severity} className={cn("severity-badge", SEVERITY_TONES[severity], className)}>
      {t(SEVERITY_LABELS[severity])}
    </span>
  );
}

/** In a risk badge's place when the photo could not be assessed: it grades nothing. */
export function NotAssessedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-not-assessed=""
      className={cn("severity-badge bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100", className)}
    >
      {t("asiiko.result.notAssessed")}
    </span>
  );
}

/**
 * A photo of an analysis, or an icon in its place when there is none yet (`src` null) or it
 * cannot be loaded. Give it a key that changes with the photo: a failed load is not tried again.
 */
export function AnalysisPhoto({
  src,
  alt,
  className,
  lazy = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  lazy?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered photo may fail before React listens for its error event.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <span
      className={cn(
        "flex items-center justify-center overflow-hidden bg-gray-100 text-gray-500 dark:bg-gray-800",
        className,
      )}
    >
      {broken || !src ? (
        <Icon name="image" className="h-1/3 max-h-10 w-1/3 max-w-10" />
      ) : (
        <img
          ref={image}
          src={src}
          alt={alt}
          loading={lazy ? "lazy" : undefined}
          decoding="async"
          onError={() => setBroken(true)}
          className="h-full w-full object-cover"
        />
      )}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">{title}</h3>
      {children}
    </section>
  );
}

const RETAKE_TIPS = [
  "asiiko.result.retakeLight",
  "asiiko.result.retakeClose",
  "asiiko.result.retakeFocus",
  "asiiko.result.retakeFrame",
] as const;

/** A photo the analyzer could not assess: no risk, and how to take it again. */
function RetakeAdvice() {
  const { t } = useTranslation();
  return (
    <section
      data-retake-advice=""
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon name="alert" className="h-5 w-5 flex-none" />
        {t("asiiko.result.notAssessedTitle")}
      </h3>
      <p className="break-words text-sm">{t("asiiko.result.notAssessedText")}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {RETAKE_TIPS.map((key) => (
          <li key={key} className="break-words">
            {t(key)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ResultCard = forwardRef<HTMLDivElement, { view: AnalysisView; locale: LanguageCode }>(function ResultCard(
  { view, locale },
  ref,
) {
  const { t } = useTranslation();
  const failed = view.status === "failed";
  const name = contextName(view);
  const subtitle = [
    t(TYPE_LABELS[view.analysisType]),
    name,
    formatDate(view.completedAt ?? view.createdAt, locale, "medium-time"),
  ]
    .filter(Boolean)
    .join(" · ");
  const title = failed ? t("asiiko.result.failedTitle") : t("asiiko.result.title");
  return (
    // The wrapper takes the focus and the scroll when a history entry is chosen (Card passes no ref).
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-label={title}
      data-result-card=""
      className="scroll-mt-24 rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5 dark:border-gray-800">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold leading-tight">{title}</h2>
            <p className="break-words text-sm text-gray-600 dark:text-gray-400">{subtitle}</p>
          </div>
          {!failed && !view.assessable ? (
            <NotAssessedBadge className="self-start px-3 py-1 text-sm" />
          ) : !failed && view.severity ? (
            <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
              <SeverityBadge severity={view.severity} className="px-3 py-1 text-sm" />
              {view.confidence !== null ? (
                <span className="text-sm font-semibold text-gray-700 dark:text-gray-300" data-confidence="">
                  {t("asiiko.result.confidence", { percent: confidencePercent(view.confidence) })}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 p-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-5 sm:p-5">
          <AnalysisPhoto
            key={view.id}
            src={view.photoUrl}
            alt={t("asiiko.result.photoAlt")}
            className="aspect-[4/3] w-full rounded-xl sm:aspect-square"
          />
          <div className="flex min-w-0 flex-col gap-4">
            {failed ? (
              <p
                role="alert"
                className="flex gap-2 break-words rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
              >
                <Icon name="alert" className="mt-0.5 h-4 w-4 flex-none" />
                <span className="min-w-0">{viewFailureText(t, view)}</span>
              </p>
            ) : (
              <>
                {view.assessable ? null : <RetakeAdvice />}
                {view.diagnosis ? (
                  <Section title={t("asiiko.result.diagnosis")}>
                    <p className="whitespace-pre-line break-words">{view.diagnosis}</p>
                  </Section>
                ) : null}
                {view.treatment ? (
                  <Section title={t("asiiko.result.treatment")}>
                    <p className="whitespace-pre-line break-words">{view.treatment}</p>
                  </Section>
                ) : null}
                {view.recommendations.length > 0 ? (
                  <Section title={t("asiiko.result.recommendations")}>
                    <ul className="flex flex-col gap-2">
                      {view.recommendations.map((recommendation, index) => (
                        <li key={index} className="flex gap-2 break-words">
                          <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-brand-600 dark:text-brand-400" />
                          <span className="min-w-0">{recommendation}</span>
                        </li>
                      ))}
                    </ul>
                  </Section>
                ) : null}
              </>
            )}
          </div>
        </div>
        {!failed && view.answeredBy ? (
          <div className="flex flex-col gap-1 border-t border-gray-100 bg-gray-50 px-4 py-3 text-sm sm:px-5 dark:border-gray-800 dark:bg-gray-950/40">
            <p
              className="flex items-center gap-2 font-medium text-gray-800 dark:text-gray-200"
              data-answered-by={view.answeredBy}
            >
              <Icon name="sparkles" className="h-4 w-4 flex-none text-brand-600 dark:text-brand-400" />
              {answererText(t, view.answeredBy)}
            </p>
            {view.answeredBy === "builtin" ? (
              <p className="text-gray-700 dark:text-gray-300">{t("asiiko.result.builtinNote")}</p>
            ) : null}
          </div>
        ) : null}
      </Card>
    </div>
  );
});
