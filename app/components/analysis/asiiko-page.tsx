import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AgentPanel } from "~/components/analysis/agent-panel";
import { AnalysisHistory } from "~/components/analysis/analysis-history";
import { fetchOlderAnalyses } from "~/components/analysis/analysis-client";
import { useAnalysisOutbox } from "~/components/analysis/analysis-outbox";
import { WaitingPhotos } from "~/components/analysis/waiting-photos";
import { toast } from "~/lib/toast-store";
import { useRootData } from "~/lib/use-root-data";
import { mergeHistory } from "~/components/analysis/history";
import { isImageFile } from "~/components/analysis/photo";
import { ProgressCard } from "~/components/analysis/progress-card";
import { ResultCard } from "~/components/analysis/result-card";
import { UploadTabs, type UploadTabsProps } from "~/components/analysis/upload-tabs";
import { useAnalysisRun } from "~/components/analysis/use-analysis-run";
import { PremiumGate } from "~/components/premium/premium-prompt";
import { spendsTrial, useTrialConfirm } from "~/components/premium/trial-confirm";
import { PageHeader } from "~/components/shell/page-header";
import type { AiModel, AnalysisType } from "~/modules/analysis/kinds";
import { isFinished, type AnalysisView } from "~/modules/analysis/view";
import type { FeatureAccess } from "~/modules/premium/access";
import type { LanguageCode } from "~/lib/i18n";

// Asiiko AI: a photo of a crop, an animal or a medicinal plant, analysed by the chosen assistant (or
// the built-in photo screening) while the page follows its progress; the farmer's past analyses
// below, a page more at a time; photos taken without signal wait on the phone and go when it returns.

export interface AsiikoPageProps {
  access: FeatureAccess | null;
  /** A trial's one analysis is running now (the prompt says so). */
  trialRunning: boolean;
  analyses: AnalysisView[];
  nextCursor: string | null;
  historyFailed: boolean;
  /** Which assistants are configured. */
  models: Record<AiModel, boolean>;
  locale: LanguageCode;
}

const NO_CONTEXT: Record<AnalysisType, string> = { crop_health: "", livestock: "", traditional_medicine: "" };

export function AsiikoPage({
  access,
  trialRunning,
  analyses,
  nextCursor,
  historyFailed,
  models,
  locale,
}: AsiikoPageProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [model, setModel] = useState<AiModel>("openai");
  const [tab, setTab] = useState<AnalysisType>("crop_health");
  const [context, setContext] = useState(NO_CONTEXT);
  const [history, setHistory] = useState<AnalysisView[]>(analyses);
  // The cursor of the last 'Load more' page; undefined until one is loaded (the loader's counts then).
  const [moreCursor, setMoreCursor] = useState<string | null | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const moreRequest = useRef<AbortController | null>(null);
  const trial = useTrialConfirm(access);

  // Each revalidation brings the newest page; what was seen before stays.
  useEffect(() => {
    setHistory((shown) => mergeHistory(shown, analyses));
  }, [analyses]);
  useEffect(() => () => moreRequest.current?.abort(), []);

  const owner = useRootData()?.user?.id ?? null;
  const outbox = useAnalysisOutbox(owner, (views) => {
    setHistory((shown) => mergeHistory(shown, views));
    toast({ title: t("asiiko.waiting.sent", { count: views.length }) });
    // A trial's use is counted now, when the server has the photo: the loader says what is left.
    revalidator.revalidate();
  });
  const run = useAnalysisRun({
    keep: owner ? (photo) => outbox.keep({ ...photo, owner }) : undefined,
    onView: (view) => setHistory((shown) => mergeHistory(shown, [view])),
    onSettled: (finished) => {
      if (finished?.status === "completed") setShownId(finished.id);
      // A use ends a trial, and the history has a new entry: the loader says so.
      revalidator.revalidate();
    },
  });

  function onFile(analysisType: AnalysisType, file: File) {
    // A file that is not a photo is refused at once: nothing is sent, no trial is asked for.
    if (!isImageFile(file)) return run.start(file, analysisType, model, context[analysisType]);
    trial.run(() => {
      setShownId(null);
      run.start(file, analysisType, model, context[analysisType]);
    });
  }

  function showAnalysis(view: AnalysisView) {
    if (!isFinished(view)) {
      if (!run.busy) {
        setTab(view.analysisType);
        run.follow(view);
      }
      return;
    }
    setShownId(view.id);
    // After the card has rendered with the chosen analysis.
    requestAnimationFrame(() => {
      resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      resultRef.current?.focus({ preventScroll: true });
    });
  }

  const cursor = moreCursor === undefined ? nextCursor : moreCursor;
  async function loadMore() {
    if (!cursor) return;
    moreRequest.current?.abort();
    const controller = new AbortController();
    moreRequest.current = controller;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await fetchOlderAnalyses(cursor, controller.signal);
      setHistory((shown) => mergeHistory(shown, page.analyses));
      setMoreCursor(page.nextCursor);
    } catch {
      if (!controller.signal.aborted) setMoreFailed(true);
    } finally {
      if (!controller.signal.aborted) setLoadingMore(false);
    }
  }

  const shown = shownId ? (history.find((view) => view.id === shownId) ?? null) : null;
  const canUse = access?.canAccess ?? false;
  const tabs: UploadTabsProps = {
    tab,
    onTabChange: setTab,
    context,
    onContextChange: (type, value) => setContext((current) => ({ ...current, [type]: value })),
    onFile,
    failure: run.failure,
    canUse,
    busy: run.busy,
    note: spendsTrial(access) ? t("asiiko.usesTrial") : null,
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col">
      <PageHeader title={t("nav.asiiko")} subtitle={t("asiiko.subtitle")} />
      <div className="flex flex-col gap-4 sm:gap-6">
        <PremiumGate
          feature="asiiko_ai"
          access={access}
          text={trialRunning ? t("asiiko.trialRunning") : undefined}
          preview={<UploadTabs {...tabs} canUse={false} failure={null} note={null} />}
        >
          <div className="flex flex-col gap-4 sm:gap-6">
            <AgentPanel selected={model} onSelect={setModel} models={models} disabled={run.busy} />
            <UploadTabs {...tabs} />
          </div>
        </PremiumGate>
        {run.progress ? <ProgressCard progress={run.progress} onCancel={run.cancel} /> : null}
        <WaitingPhotos waiting={outbox.waiting} locale={locale} onDrop={(id) => void outbox.drop(id)} />
        {shown ? <ResultCard ref={resultRef} view={shown} locale={locale} /> : null}
        <AnalysisHistory
          analyses={history}
          selectedId={shown?.id ?? null}
          onSelect={showAnalysis}
          locale={locale}
          hasMore={cursor !== null && !historyFailed}
          loadingMore={loadingMore}
          loadError={
            historyFailed ? t("asiiko.history.loadFailed") : moreFailed ? t("asiiko.history.moreFailed") : null
          }
          onRetry={historyFailed ? () => revalidator.revalidate() : undefined}
          onLoadMore={() => void loadMore()}
        />
      </div>
      {trial.dialog}
    </div>
  );
}
