import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
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
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PremiumGate } from "~/components/premium/premium-prompt";
import { spendsTrial, useTrialConfirm } from "~/components/premium/trial-confirm";
import { PageHeader } from "~/components/shell/page-header";
import { configuredModels } from "~/modules/analysis/analyzers.server";
import { listAnalyses } from "~/modules/analysis/views.server";
import type { AiModel, AnalysisType } from "~/modules/analysis/kinds";
import { isFinished, type AnalysisView } from "~/modules/analysis/view";
import { requireUser } from "~/modules/auth/gates.server";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { trialHeldNow } from "~/modules/premium/premium.server";
import { detectLanguage } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import asiikoTexts from "~/locales/page-texts/asiiko";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(asiikoTexts) };

export const meta: MetaFunction = () => [{ title: "Asiiko AI · Asiiko" }];

/** How many past analyses the page shows at first, and each 'Load more' brings. */
const HISTORY_PAGE_SIZE = 10;

// Asiiko AI: a photo of a crop, an animal or a medicinal plant, analysed by the
// chosen assistant (or the built-in photo screening) while the page follows its
// progress; the farmer's past analyses below. Premium: locked behind the prompt
// once the trial is over, but the farmer's own history stays readable. While a
// trial's one analysis is running, the prompt says so (it can be followed from
// the history, and the trial comes back if it does not succeed).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = detectLanguage(request);
  const [access, trialRunning, history] = await Promise.all([
    pageFeatureAccess(user.id, "asiiko_ai"),
    trialHeldNow(user.id).catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, "trial hold could not be checked");
      return false;
    }),
    listAnalyses(user.id, { limit: HISTORY_PAGE_SIZE, language: locale }).catch((error: unknown) => {
      // The tool stays usable and says the history could not be loaded.
      logger.error({ err: error, userId: user.id }, "analysis history could not be loaded");
      return null;
    }),
  ]);
  return {
    access,
    trialRunning,
    analyses: history?.analyses ?? [],
    nextCursor: history?.nextCursor ?? null,
    historyFailed: history === null,
    models: configuredModels(),
    locale,
  };
}

const NO_CONTEXT: Record<AnalysisType, string> = { crop_health: "", livestock: "", traditional_medicine: "" };

export default function AsiikoPage() {
  const { access, trialRunning, analyses, nextCursor, historyFailed, models, locale } = useLoaderData<typeof loader>();
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

export const ErrorBoundary = pageErrorBoundary("AsiikoPage");
