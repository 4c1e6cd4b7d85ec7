import { replySucceeded, type PageReply } from "~/lib/page-reply";
import type { MappingIntent, MappingReplyData } from "~/modules/farms/schemas";

// What each of the mapping page's intents shows when the action answers: the
// toast (the specification's words) and what follows on the page. One table,
// read by the workspace's one answer handler.

/** What the mapping page's action answers. */
export type MappingReply = PageReply<MappingIntent, MappingReplyData>;

/**
 * The kinds of work, each sent through its own fetcher: a fetcher's new
 * submission cancels the one it is still sending, and these can overlap.
 */
export type MappingWork = "select" | "form" | "shape" | "remove";

/** What the page does after an answer, in this order. */
export type FollowUp =
  /** Put the answered farm in the address (the loader then shows it). */
  | "showFarm"
  /** Select the answered farm: a feature use, so a trial user is asked first. */
  | "selectFarm"
  /** Take the farm out of the address. */
  | "clearFarm"
  | "closeDialog"
  | "closeConfirm"
  /** A walked boundary is saved: the walk ends. */
  | "stopWalk"
  /** A walked boundary is refused: the walk goes on, and may be saved again. */
  | "resumeWalk"
  /** A drawn plot is saved: a field to name it opens, focused. */
  | "offerRename"
  /** A plot is renamed (or edited): the field closes. */
  | "endRename";

export interface Outcome {
  work: MappingWork;
  success: { toast?: string; then: FollowUp[] };
  /** The toast's title; its text is the refusal's message, or `otherwise` when there is none. */
  failure: { toast: string; otherwise?: string; then: FollowUp[] };
}

export const OUTCOMES: Record<MappingIntent, Outcome> = {
  select: {
    work: "select",
    success: { then: ["showFarm"] },
    failure: { toast: "mapping.toasts.error", then: [] },
  },
  createFarm: {
    work: "form",
    success: { toast: "mapping.toasts.farmCreated", then: ["closeDialog", "selectFarm"] },
    // 'Error' with the server's message, or 'Failed to create farm'.
    failure: { toast: "mapping.toasts.error", otherwise: "mapping.toasts.farmCreateFailed", then: [] },
  },
  updateFarm: {
    work: "form",
    success: { toast: "mapping.toasts.farmUpdated", then: ["closeDialog"] },
    failure: { toast: "mapping.toasts.farmUpdateFailed", then: [] },
  },
  deleteFarm: {
    work: "remove",
    success: { toast: "mapping.toasts.farmDeleted", then: ["closeConfirm", "clearFarm"] },
    failure: { toast: "mapping.toasts.farmDeleteFailed", then: ["closeConfirm"] },
  },
  boundary: {
    work: "shape",
    success: { toast: "mapping.toasts.boundaryUpdated", then: ["stopWalk"] },
    failure: { toast: "mapping.toasts.boundaryFailed", then: ["resumeWalk"] },
  },
  drawnPlot: {
    work: "shape",
    success: { toast: "mapping.toasts.plotFromDrawing", then: ["offerRename"] },
    failure: { toast: "mapping.toasts.drawnPlotFailed", then: [] },
  },
  createPlot: {
    work: "form",
    success: { toast: "mapping.toasts.plotCreated", then: ["closeDialog"] },
    failure: { toast: "mapping.toasts.plotCreateFailed", then: [] },
  },
  updatePlot: {
    work: "form",
    success: { toast: "mapping.toasts.plotUpdated", then: ["closeDialog", "endRename"] },
    failure: { toast: "mapping.toasts.plotUpdateFailed", then: [] },
  },
  deletePlot: {
    work: "remove",
    success: { toast: "mapping.toasts.plotDeleted", then: ["closeConfirm"] },
    failure: { toast: "mapping.toasts.plotDeleteFailed", then: ["closeConfirm"] },
  },
};

/** What an answer shows: its toast, in the reader's language (a refusal's message is already), and what follows. */
export function outcomeOf(
  reply: MappingReply,
  t: (key: string) => string,
): { toast?: { title: string; description?: string; variant?: "destructive" }; then: FollowUp[] } {
  const outcome = OUTCOMES[reply.intent];
  if (replySucceeded(reply)) {
    const { toast, then } = outcome.success;
    return { toast: toast ? { title: t(toast) } : undefined, then };
  }
  const { toast, otherwise, then } = outcome.failure;
  const description = reply.refusal?.message || (otherwise ? t(otherwise) : undefined);
  return { toast: { title: t(toast), description, variant: "destructive" }, then };
}
