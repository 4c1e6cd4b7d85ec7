import { getConnectivity } from "~/lib/http/connectivity";
import { ApiError, OfflineError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";
import { postWithProgress, type UploadProgress } from "~/lib/http/upload";
import { CONTEXT_FIELD, type AiModel, type AnalysisType } from "~/modules/analysis/kinds";
import { isFinished, type AnalysisView } from "~/modules/analysis/view";
import { AnalysisAnswerError } from "./labels";

// The page's calls to Asiiko AI: send a photo (the server answers 202 at once
// with the queued analysis), follow it to its end through its event stream
// (or, when the stream breaks, by asking every 2 s), and page through the history.

/** How often the analysis is asked for when its event stream is not available. */
export const POLL_INTERVAL_MS = 2_000;
/** Polling gives up after this many failed asks in a row (the connection is gone). */
export const POLL_FAILURES_MAX = 5;
/**
 * Sending the photo may take long on a slow connection (the JSON calls' 15 s would cut it off):
 * what counts is that bytes keep leaving; a send with none for this long has stalled.
 */
export const UPLOAD_STALL_MS = 30_000;

/** The multipart field additionalContext: the tab's field, 'Unknown' when the farmer said nothing. */
export function contextJson(analysisType: AnalysisType, value: string) {
  return JSON.stringify({ [CONTEXT_FIELD[analysisType]]: value.trim() || "Unknown" });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The analysis in a `{ success: true, data: { analysis } }` answer, or the answer's message as an error. */
export function analysisOf(answer: unknown): AnalysisView {
  if (isRecord(answer) && answer.success === true && isRecord(answer.data) && isRecord(answer.data.analysis)) {
    return answer.data.analysis as unknown as AnalysisView;
  }
  const message = isRecord(answer) && typeof answer.message === "string" ? answer.message : null;
  throw new AnalysisAnswerError(message);
}

export interface AnalysisRequest {
  image: File;
  analysisType: AnalysisType;
  preferredModel: AiModel;
  /** The text field of the tab (crop type, animal, plant species); empty when not given. */
  context: string;
}

/** What the page hears while the photo is on its way. */
export interface SendingEvents {
  onProgress?: (progress: UploadProgress) => void;
  onRetry?: (attempt: number, attempts: number) => void;
}

/**
 * POST /api/ai/analyze (multipart, asking to be answered at once): the queued analysis. The
 * photo's bytes are reported as they leave; a send that breaks on the way is tried again, and
 * one that stalls (nothing sent for UPLOAD_STALL_MS) counts as broken.
 */
export async function startAnalysis(
  request: AnalysisRequest,
  signal: AbortSignal,
  events: SendingEvents = {},
): Promise<AnalysisView> {
  if (getConnectivity() === "offline") throw new OfflineError();
  const body = new FormData();
  body.set("image", request.image, request.image.name);
  body.set("analysisType", request.analysisType);
  body.set("preferredModel", request.preferredModel);
  body.set("additionalContext", contextJson(request.analysisType, request.context));
  const answer = await postWithProgress("/api/ai/analyze", body, {
    signal,
    headers: { Prefer: "respond-async" },
    stallMs: UPLOAD_STALL_MS,
    onProgress: events.onProgress,
    onRetry: events.onRetry,
  });
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.text, answer.statusText);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // Not JSON: reported below as an answer without an analysis.
  }
  return analysisOf(parsed);
}

/** GET /api/ai/analyses/{id}: the analysis as it stands. */
export async function fetchAnalysis(id: string, signal: AbortSignal): Promise<AnalysisView> {
  return analysisOf(await apiRequest("GET", `/api/ai/analyses/${encodeURIComponent(id)}`, undefined, { signal }));
}

/** GET /api/ai/analyses?before=cursor: the next page of the history. */
export async function fetchOlderAnalyses(
  before: string,
  signal: AbortSignal,
): Promise<{ analyses: AnalysisView[]; nextCursor: string | null }> {
  const answer = await apiRequest(`GET`, `/api/ai/analyses?${new URLSearchParams({ before })}`, undefined, { signal });
  if (isRecord(answer) && answer.success === true && isRecord(answer.data) && Array.isArray(answer.data.analyses)) {
    const nextCursor = typeof answer.data.nextCursor === "string" ? answer.data.nextCursor : null;
    return { analyses: answer.data.analyses as AnalysisView[], nextCursor };
  }
  throw new AnalysisAnswerError(isRecord(answer) && typeof answer.message === "string" ? answer.message : null);
}

function abortError(signal: AbortSignal) {
  return signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Asks for the analysis every `intervalMs` until it is finished; a few failed asks in a row end it with the last error. */
async function poll(
  id: string,
  onView: (view: AnalysisView) => void,
  signal: AbortSignal,
  intervalMs: number,
): Promise<AnalysisView> {
  let failures = 0;
  for (let first = true; ; first = false) {
    if (!first) await pause(intervalMs, signal);
    try {
      const view = await fetchAnalysis(id, signal);
      failures = 0;
      onView(view);
      if (isFinished(view)) return view;
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      // An analysis that is not there, or not the reader's, will not appear by asking again.
      if (error instanceof ApiError && error.status < 500 && error.status !== 429) throw error;
      failures += 1;
      if (failures >= POLL_FAILURES_MAX) throw error;
    }
  }
}

/**
 * Follows an analysis to its end: each view as it comes (`onView`), and the
 * finished view (completed or failed) as the answer. Listens to its event
 * stream; if the stream fails before the end (a proxy that buffers, a dropped
 * connection), asks every 2 s instead. Stops at once when `signal` aborts.
 */
export function followAnalysis(
  id: string,
  onView: (view: AnalysisView) => void,
  signal: AbortSignal,
  intervalMs = POLL_INTERVAL_MS,
): Promise<AnalysisView> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  if (typeof EventSource === "undefined") return poll(id, onView, signal, intervalMs);
  return new Promise<AnalysisView>((resolve, reject) => {
    const source = new EventSource(`/api/ai/analyses/${encodeURIComponent(id)}/events`);
    let settled = false;
    const stop = () => {
      source.close();
      signal.removeEventListener("abort", onAbort);
    };
    function onAbort() {
      if (settled) return;
      settled = true;
      stop();
      reject(abortError(signal));
    }
    signal.addEventListener("abort", onAbort, { once: true });
    source.addEventListener("analysis", (event) => {
      if (settled) return;
      let view: AnalysisView;
      try {
        view = JSON.parse((event as MessageEvent<string>).data) as AnalysisView;
      } catch {
        return;
      }
      onView(view);
      if (isFinished(view)) {
        settled = true;
        stop();
        resolve(view);
      }
    });
    source.addEventListener("error", () => {
      if (settled) return;
      settled = true;
      stop();
      poll(id, onView, signal, intervalMs).then(resolve, reject);
    });
  });
}
