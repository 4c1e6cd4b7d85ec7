import type { AnalysisView } from "~/modules/analysis/view";

// The history the page shows is the union of what it has seen: the loader's
// newest page (fresh after each revalidation), the pages 'Load more' brought,
// and the analyses followed on this page. Each id once, in its newest form.

/** `shown` with `incoming` merged in (incoming wins for an id seen before), newest first. */
export function mergeHistory(shown: readonly AnalysisView[], incoming: readonly AnalysisView[]): AnalysisView[] {
  const byId = new Map<string, AnalysisView>();
  for (const view of shown) byId.set(view.id, view);
  for (const view of incoming) byId.set(view.id, view);
  return [...byId.values()].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1,
  );
}
