import { useEffect, useRef, useState } from "react";

/** What of a `useFetcher()` matters here. */
export interface FetcherLike<T> {
  state: "idle" | "loading" | "submitting";
  data: T | undefined;
}

/**
 * Picks out each new answer of a fetcher once, apart from React (so it can be
 * tested alone). An answer counts once the fetcher is idle again, that is after
 * the page's data has been reloaded behind it; the same answer seen again (a
 * later render, React's development double effects) is not new, nor is one
 * that was already there when the component appeared.
 */
export function createAnswerTracker<T>(initial: T | undefined) {
  let seen = initial;
  return {
    /** The answer to handle now, or undefined. */
    take({ state, data }: FetcherLike<T>): T | undefined {
      if (state !== "idle" || data === undefined || data === seen) return undefined;
      seen = data;
      return data;
    },
  };
}

/**
 * Calls `handle` exactly once for each new answer of `fetcher` (a toast, closing
 * a dialog), with the newest `handle`, so it need not be memoised.
 */
export function useFetcherAnswer<T>(fetcher: FetcherLike<T>, handle: (answer: T) => void) {
  const [tracker] = useState(() => createAnswerTracker(fetcher.data));
  const handler = useRef(handle);
  useEffect(() => {
    handler.current = handle;
  });
  const { state, data } = fetcher;
  useEffect(() => {
    const answer = tracker.take({ state, data });
    if (answer !== undefined) handler.current(answer);
  }, [tracker, state, data]);
}
