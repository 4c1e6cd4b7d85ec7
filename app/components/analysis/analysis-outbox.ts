import { useCallback, useRef, useState } from "react";
import { fieldDatabase, type WaitingAnalysis } from "~/components/field-database";
import { hasNoSignal } from "~/lib/http/connectivity";
import { oneRunAtATime } from "~/lib/one-run";
import { useWhenOnline } from "~/lib/http/use-when-online";
import { ApiError } from "~/lib/http/errors";
import { mustWait } from "~/lib/http/kept-send";
import type { AnalysisView } from "~/modules/analysis/view";
import { startAnalysis } from "./analysis-client";

// Photos for Asiiko AI taken where there is no signal: the photo (already made small) and the
// choices are kept on the phone (IndexedDB), listed as waiting, and sent in the order they were
// taken when the connection returns (the browser's event, the app's own check, or the page opened
// again); the analysis then goes on as any other, and a trial's use is counted only then, when
// the server has accepted it. A refusal (the trial over, a photo refused) is kept with its reason.

export type { WaitingAnalysis } from "~/components/field-database";

export async function listWaitingAnalyses(owner: string): Promise<WaitingAnalysis[]> {
  const db = await fieldDatabase();
  const all = await db.getAllFromIndex("analyses", "owner", owner);
  return all.sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

export async function keepAnalysis(analysis: Omit<WaitingAnalysis, "id" | "madeAt" | "state" | "reason">) {
  const kept: WaitingAnalysis = {
    ...analysis,
    id: crypto.randomUUID(),
    madeAt: new Date().toISOString(),
    state: "waiting",
    reason: null,
  };
  await (await fieldDatabase()).put("analyses", kept);
  return kept;
}

export async function dropWaitingAnalysis(id: string) {
  await (await fieldDatabase()).delete("analyses", id);
}

const oneSend = oneRunAtATime<AnalysisView[]>("asiiko-analysis-outbox");

/**
 * Sends the owner's waiting photos, oldest first, one at a time; stops at the first that cannot
 * go now (no signal, the server busy). Resolves with the analyses the server accepted.
 */
export function sendWaitingAnalyses(owner: string, onChange: () => void): Promise<AnalysisView[]> {
  return oneSend(async () => {
    const db = await fieldDatabase();
    const accepted: AnalysisView[] = [];
    for (const waiting of await listWaitingAnalyses(owner)) {
      if (waiting.state === "refused") continue;
      if (hasNoSignal()) break;
      await db.put("analyses", { ...waiting, state: "sending" });
      onChange();
      try {
        const image = new File([waiting.image], waiting.imageName, { type: waiting.image.type || "image/jpeg" });
        const view = await startAnalysis(
          {
            image,
            analysisType: waiting.analysisType,
            preferredModel: waiting.preferredModel,
            context: waiting.context,
          },
          new AbortController().signal,
        );
        await db.delete("analyses", waiting.id);
        accepted.push(view);
        onChange();
      } catch (error) {
        const refused = error instanceof ApiError && error.status >= 400 && !mustWait(error.status);
        await db.put(
          "analyses",
          refused
            ? { ...waiting, state: "refused", reason: error.serverMessage ?? error.message }
            : { ...waiting, state: "waiting" },
        );
        onChange();
        if (!refused) break;
      }
    }
    return accepted;
  });
}

/** The page's side: the owner's waiting photos, sent when the connection returns; `onSent` hears each accepted analysis. */
export function useAnalysisOutbox(owner: string | null, onSent: (views: AnalysisView[]) => void) {
  const [waiting, setWaiting] = useState<WaitingAnalysis[]>([]);
  const sent = useRef(onSent);
  sent.current = onSent;

  const refresh = useCallback(async () => {
    if (!owner) return;
    try {
      setWaiting(await listWaitingAnalyses(owner));
    } catch {
      // No IndexedDB here: nothing was kept.
    }
  }, [owner]);

  const flush = useCallback(async () => {
    if (!owner || hasNoSignal()) return;
    try {
      const views = await sendWaitingAnalyses(owner, () => void refresh());
      await refresh();
      if (views.length > 0) sent.current(views);
    } catch {
      // The database could not be opened: nothing to send.
    }
  }, [owner, refresh]);

  // The owner's list first, then what waits is sent: at once if there is signal, else when it returns.
  useWhenOnline(() => refresh().then(flush), owner);

  return {
    waiting,
    async keep(analysis: Parameters<typeof keepAnalysis>[0]) {
      await keepAnalysis(analysis);
      await refresh();
    },
    async drop(id: string) {
      await dropWaitingAnalysis(id);
      await refresh();
    },
  };
}
