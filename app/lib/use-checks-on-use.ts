import { useEffect, useState, type RefObject } from "react";

// A page's form checks (zod schemas, ~37 KB compressed with zod itself) come with the first use of
// one of its forms, not with the page: a reader who only looks at their profile never fetches
// them. Until they are here the forms are checked by the server alone (the page's action checks
// every submission with the same schemas and answers with the same messages), so a form sent
// before its checks arrived loses nothing; once here, fields are checked in the browser as before.

/** The events that say a reader has started on a form: a field focused, a finger or pointer down. */
const FIRST_USE = ["focusin", "pointerdown"] as const;

/**
 * What `load` gives, asked for at the first focus or touch inside `within` (the page's forms'
 * container); null until it is here. A failed load (the connection dropped) is asked for again
 * at the next use.
 */
export function useChecksOnUse<T>(load: () => Promise<T>, within: RefObject<HTMLElement | null>): T | null {
  const [checks, setChecks] = useState<T | null>(null);
  useEffect(() => {
    const root = within.current;
    if (!root || checks) return;
    let active = true;
    let loading = false;
    const start = () => {
      if (loading) return;
      loading = true;
      load().then(
        (loaded) => {
          if (active) setChecks(() => loaded);
        },
        () => {
          loading = false;
        },
      );
    };
    for (const type of FIRST_USE) root.addEventListener(type, start, { passive: true });
    // A field already focused when the page took over (a reader quicker than the app).
    if (root.contains(document.activeElement)) start();
    return () => {
      active = false;
      for (const type of FIRST_USE) root.removeEventListener(type, start);
    };
  }, [load, within, checks]);
  return checks;
}
