import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast-store";
import type { AiModel, AnalysisType } from "~/modules/analysis/kinds";
import { isFinished, type AnalysisView } from "~/modules/analysis/view";
import { hasNoSignal } from "~/lib/http/connectivity";
import { OfflineError } from "~/lib/http/errors";
import { UploadBrokenError } from "~/lib/http/upload";
import { followAnalysis, startAnalysis } from "./analysis-client";
import { failureText, viewFailureText } from "./labels";
import { isImageFile, shrinkPhoto } from "./photo";

// One analysis at a time, from the chosen photo to its end: idle, then
// analysing (the progress card follows its stages), then the result with the
// 'Analysis Complete' toast, or the failure in the tab's red box with the
// 'Analysis Failed' toast. Leaving the page stops the upload and the following.

export interface AnalysisProgress {
  analysisType: AnalysisType;
  /** The analysis as it stands; null while the photo is still on its way. */
  view: AnalysisView | null;
  /** The photo's bytes sent so far, and the try it is on when a send broke and is being tried again. */
  upload?: { sent: number; total: number; attempt: number; attempts: number } | null;
}

export interface AnalysisFailure {
  analysisType: AnalysisType;
  text: string;
}

export interface AnalysisRunEvents {
  /** Each view as it comes, for the history. */
  onView: (view: AnalysisView) => void;
  /** The end: the finished view, or null when the request itself failed. */
  onSettled: (finished: AnalysisView | null) => void;
  /** Keeps a photo on the phone to send when the connection returns (no signal now, or it went while sending). */
  keep?: (analysis: KeptPhoto) => Promise<void>;
}

export interface KeptPhoto {
  image: Blob;
  imageName: string;
  analysisType: AnalysisType;
  preferredModel: AiModel;
  context: string;
}

/** The photo went to the phone's waiting list instead: not a failure. */
class KeptForLater extends Error {
  override readonly name = "KeptForLater";
}

/** Whether a send failed for want of signal before the server had the photo (so nothing was made). */
const lostSignal = (error: unknown) =>
  error instanceof OfflineError || (error instanceof UploadBrokenError && !error.bodySent);

export function useAnalysisRun(events: AnalysisRunEvents) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<AnalysisProgress | null>(null);
  const [failure, setFailure] = useState<AnalysisFailure | null>(null);
  const running = useRef<AbortController | null>(null);
  // The newest callbacks, without restarting anything when the page re-renders.
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  useEffect(() => () => running.current?.abort(), []);

  const fail = useCallback(
    (analysisType: AnalysisType, text: string) => {
      setFailure({ analysisType, text });
      toast({ title: t("asiiko.failed"), description: text, variant: "destructive" });
    },
    [t],
  );

  const track = useCallback(
    async (
      analysisType: AnalysisType,
      work: (signal: AbortSignal, onView: (view: AnalysisView) => void) => Promise<AnalysisView>,
    ) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setFailure(null);
      setProgress({ analysisType, view: null });
      const onView = (view: AnalysisView) => {
        if (controller.signal.aborted) return;
        setProgress({ analysisType, view });
        latest.current.onView(view);
      };
      try {
        const finished = await work(controller.signal, onView);
        if (controller.signal.aborted) return;
        if (finished.status === "completed" && !finished.assessable)
          toast({ title: t("asiiko.notAssessed"), description: t("asiiko.notAssessedText") });
        else if (finished.status === "completed")
          toast({ title: t("asiiko.complete"), description: t("asiiko.completeText") });
        else fail(analysisType, viewFailureText(t, finished));
        latest.current.onSettled(finished);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof KeptForLater) {
          toast({ title: t("asiiko.kept"), description: t("asiiko.keptText") });
          return;
        }
        fail(analysisType, failureText(t, error));
        latest.current.onSettled(null);
      } finally {
        if (running.current === controller) {
          running.current = null;
          if (!controller.signal.aborted) setProgress(null);
        }
      }
    },
    [fail, t],
  );

  /** Sends a chosen photo: refused at once when it is not a photo, else made small and sent. */
  const start = useCallback(
    (file: File, analysisType: AnalysisType, preferredModel: AiModel, context: string) => {
      if (!isImageFile(file)) {
        fail(analysisType, t("asiiko.notImage"));
        return;
      }
      void track(analysisType, async (signal, onView) => {
        const image = await shrinkPhoto(file);
        const keep = latest.current.keep;
        const keepForLater = async () => {
          await keep!({ image, imageName: image.name, analysisType, preferredModel, context });
          return new KeptForLater();
        };
        if (keep && hasNoSignal()) throw await keepForLater();
        const sending = (patch: Partial<NonNullable<AnalysisProgress["upload"]>>) =>
          setProgress((current) =>
            current && !current.view && !signal.aborted
              ? {
                  ...current,
                  upload: { sent: 0, total: image.size, attempt: 1, attempts: 1, ...current.upload, ...patch },
                }
              : current,
          );
        const view = await startAnalysis({ image, analysisType, preferredModel, context }, signal, {
          onProgress: ({ sent, total }) => sending({ sent, total }),
          onRetry: (attempt, attempts) => sending({ sent: 0, attempt, attempts }),
        }).catch(async (error: unknown) => {
          // The signal went before the photo had left: it waits on the phone, not lost.
          if (keep && !signal.aborted && lostSignal(error)) throw await keepForLater();
          throw error;
        });
        onView(view);
        return isFinished(view) ? view : followAnalysis(view.id, onView, signal);
      });
    },
    [fail, t, track],
  );

  /** Follows an analysis that is still running (chosen in the history after a reload). */
  const follow = useCallback(
    (view: AnalysisView) => {
      void track(view.analysisType, (signal, onView) => {
        onView(view);
        return followAnalysis(view.id, onView, signal);
      });
    },
    [track],
  );

  /** Stops sending the photo (nothing is analysed, nothing counted). */
  const cancel = useCallback(() => {
    if (!running.current) return;
    running.current.abort(new DOMException("Cancelled", "AbortError"));
    running.current = null;
    setProgress(null);
    toast({ title: t("asiiko.sendingCancelled") });
  }, [t]);

  return { progress, failure, start, follow, cancel, busy: progress !== null };
}
