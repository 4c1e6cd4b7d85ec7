import { useEffect, useRef, useState, type RefObject } from "react";

// A page's form checks (zod schemas, ~37 KB compressed with zod itself) come with the first use of
// one of its forms, not with the page: a reader who only looks at their profile never fetches
// them. A form sent before they are here waits for them (a moment: they were asked for when its
// first field was focused) and is then sent again, so the first check is always the browser's,
// as it was when they came with the page; where they cannot come (the connection dropped), the
// form goes on to the server, which checks every submission with the same schemas and answers
// with the same messages.

/** The events that say a reader has started on a form: a field focused, a finger or pointer down. */
const FIRST_USE = ["focusin", "pointerdown"] as const;

interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** Sends `held` again, as the reader sent it (with the button they pressed, where it still stands). */
function sendAgain({ form, submitter }: HeldSubmit) {
  if (!form.isConnected) return;
  const button = submitter && submitter.isConnected && form.contains(submitter) ? submitter : null;
  form.requestSubmit(button);
}

/**
 * What `load` gives, asked for at the first focus or touch inside `within` (the page's forms'
 * container), or at a form's submission before either; null until it is here. A submission made
 * before it is here is held and made again once it is (the page has re-rendered with it), or,
 * where the load failed, made again for the server to check; a failed load is asked for again at
 * the next use.
 */
export function useChecksOnUse<T>(load: () => Promise<T>, within: RefObject<HTMLElement | null>): T | null {
  const [checks, setChecks] = useState<T | null>(null);
  // A submission waiting for the checks, and one let through to the server after a failed load.
  const held = useRef<HeldSubmit | null>(null);
  const letThrough = useRef(false);

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
          const waiting = held.current;
          held.current = null;
          if (!active || !waiting) return;
          letThrough.current = true;
          try {
            sendAgain(waiting);
          } finally {
            letThrough.current = false;
          }
        },
      );
    };
    // Before React's own handlers (on the document, as the event bubbles back): the form's
    // checks and Remix's submission do not see a submission held here. Only a checked form waits
    // (one marked noValidate: its checks replace the browser's); a form of buttons alone (send
    // the code again, remove the number) has nothing to wait for.
    const hold = (event: SubmitEvent) => {
      const form = event.target;
      if (letThrough.current || !(form instanceof HTMLFormElement) || !form.noValidate) return;
      event.preventDefault();
      event.stopPropagation();
      held.current = { form, submitter: event.submitter };
      start();
    };
    for (const type of FIRST_USE) root.addEventListener(type, start, { passive: true });
    root.addEventListener("submit", hold, { capture: true });
    // A field already focused when the page took over (a reader quicker than the app).
    if (root.contains(document.activeElement)) start();
    return () => {
      active = false;
      for (const type of FIRST_USE) root.removeEventListener(type, start);
      root.removeEventListener("submit", hold, { capture: true });
    };
  }, [load, within, checks]);

  // The checks are here and the forms have re-rendered with them: a held submission goes again.
  useEffect(() => {
    if (!checks || !held.current) return;
    const waiting = held.current;
    held.current = null;
    sendAgain(waiting);
  }, [checks]);

  return checks;
}
