import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useFormatNumber } from "~/lib/numbers";
import { Icon } from "~/components/ui/icons";
import { shownProgress } from "~/modules/analysis/view";
import { shownStage, STAGE_LABELS, TYPE_LABELS } from "./labels";
import type { AnalysisProgress } from "./use-analysis-run";

// The progress card while an analysis runs: the bar stands at 66 (the spec's
// figure) and moves on from there with the real progress; under it the stage.

export function ProgressCard({ progress, onCancel }: { progress: AnalysisProgress; onCancel?: () => void }) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const upload = progress.view ? null : (progress.upload ?? null);
  const size = (bytes: number) =>
    bytes >= 1_048_576
      ? t("asiiko.megabytes", { value: number(Math.round(bytes / 104_857.6) / 10) })
      : t("asiiko.kilobytes", { value: number(Math.max(1, Math.round(bytes / 1024))) });
  const value = shownProgress(progress.view?.progress ?? 0);
  const title = t("asiiko.analyzing");
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-progress-card="">
      <div className="flex items-center gap-3">
        <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="sparkles" className="h-5 w-5 motion-safe:animate-pulse" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t(TYPE_LABELS[progress.analysisType])}</p>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500 dark:bg-brand-500"
          style={{ width: `${value}%` }}
        />
      </div>
      <p
        className="text-sm font-medium text-gray-700 dark:text-gray-300"
        aria-live="polite"
        data-stage={shownStage(progress.view)}
      >
        {t(STAGE_LABELS[shownStage(progress.view)])}
      </p>
      {upload ? (
        <div className="flex flex-col gap-2" data-upload-progress="">
          <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
            {upload.attempt > 1
              ? t("asiiko.sendingAgain", { attempt: upload.attempt, attempts: upload.attempts })
              : t("asiiko.sending", { sent: size(upload.sent), total: size(upload.total) })}
          </p>
          <progress
            className="h-2 w-full"
            max={Math.max(1, upload.total)}
            value={upload.sent}
            aria-label={t("asiiko.sendingLabel")}
          />
        </div>
      ) : null}
      {!progress.view && onCancel ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onCancel} data-cancel-sending="">
            {t("common.cancel")}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
